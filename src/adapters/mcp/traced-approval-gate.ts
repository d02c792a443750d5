import type { ToolFailure } from '../../tools/tool-result.js';
import type { ToolSpec } from '../../tools/tool-spec.js';
import { type ApprovalContext, approvalGate } from './approval-gate.js';

/**
 * {@link approvalGate}, whose refusals are told to the session's traces: an `approval {tool}` span
 * with a `gentk.approval` event `refused`, the refusal's code (declined, cancelled, no way to
 * ask) and who answered: the client that showed the question (by its name), or the
 * application's `approve` callback. A granted call shows as `granted` on its execution's span.
 */
export async function tracedApprovalGate(
  spec: ToolSpec,
  args: unknown,
  context: ApprovalContext,
): Promise<ToolFailure | undefined> {
  const refusal = await approvalGate(spec, args, context);
  const telemetry = context.session.client.telemetry;
  if (!refusal || !telemetry) return refusal;
  const { server, options } = context;
  const by = server.getClientCapabilities()?.elicitation?.form
    ? `client ${server.getClientVersion()?.name ?? 'unnamed'}`
    : options.approve
      ? 'the application'
      : 'nobody (no way to ask)';
  const span = telemetry.startSpan(`approval ${spec.name}`, {
    attributes: { 'gen_ai.tool.name': spec.name },
  });
  span.addEvent('gentk.approval', {
    'gentk.approval.outcome': 'refused',
    'gentk.approval.by': by,
    'error.type': refusal.code,
    'gen_ai.tool.name': spec.name,
  });
  span.end();
  return refusal;
}
