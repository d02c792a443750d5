import { inSpan } from '../telemetry/in-span.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { ApprovalTrail } from './approval-trail.js';
import type { ToolSpec } from './tool-spec.js';

/**
 * `spec` whose every execution is an `execute_tool {name}` span (the GenAI conventions), a child
 * of the framework's span for the tool call when one is active; the calls, polls and HTTP
 * attempts of the execution nest beneath it. A failure answered as a result (as tools answer
 * them) still marks the span failed, with its stable code. Without telemetry, `spec` itself.
 */
export function tracedToolSpec(spec: ToolSpec, telemetry: Telemetry | undefined): ToolSpec {
  if (!telemetry) return spec;
  const attributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': spec.name,
    'gen_ai.tool.type': 'function',
    'gentk.tool.kind': spec.kind,
    'gentk.operation.id': spec.operationId,
    'gentk.operation.effect': spec.effect,
  };
  const trail = new ApprovalTrail(telemetry, spec.name);
  const approval = spec.approval?.bind(spec);
  return {
    ...spec,
    needsApproval: async (args) => trail.asked(args, { needed: await spec.needsApproval(args) }).needed,
    ...(approval ? { approval: async (args: unknown) => trail.asked(args, await approval(args)) } : {}),
    execute: (args, context = {}) =>
      inSpan(
        telemetry,
        `execute_tool ${spec.name}`,
        { attributes: { ...attributes, 'gen_ai.tool.call.id': context.toolCallId } },
        async (span) => {
          trail.ran(args, span);
          const result = await spec.execute(args, context);
          span?.setAttributes({ 'gentk.tool.status': result.status });
          if (result.status === 'error')
            span?.fail({ code: result.code, name: 'ToolFailure', message: result.message });
          return result;
        },
      ),
  };
}
