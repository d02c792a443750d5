import { type InputRequiredResult, isInputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolFailure } from '../../tools/tool-result.js';
import type { ToolSpec } from '../../tools/tool-spec.js';
import { type ApprovalContext, approvalGate } from './approval-gate.js';

/**
 * {@link approvalGate}, whose refusals are told to the session's traces: an `approval {tool}` span
 * with a `gentk.approval` event `refused`, the refusal's code (declined, cancelled, no way to
 * ask) and who answered: the client that showed the question (by its name), or the
 * application's `approve` callback. A granted call shows as `granted` on its execution's span; a
 * question still out (a 2026-07-28 `input_required` round) is no outcome yet.
 */
export async function tracedApprovalGate(
  spec: ToolSpec,
  args: unknown,
  clientName: string | undefined,
  context: ApprovalContext,
): Promise<ToolFailure | InputRequiredResult | undefined> {
  const outcome = await approvalGate(spec, args, context);
  const telemetry = context.session.client.telemetry;
  if (!outcome || !telemetry || isInputRequiredResult(outcome)) return outcome;
  const refusal = outcome as ToolFailure;
  const { options } = context;
  const by =
    context.clientCapabilities?.elicitation !== undefined
      ? `client ${clientName ?? 'unnamed'}`
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
