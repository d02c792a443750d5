import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Session } from '../../auth/session.js';
import { type ApprovalVerdict, verdictOf } from '../../tools/approval.js';
import { decideApproval } from '../../tools/approval-decision.js';
import type { ToolFailure } from '../../tools/tool-result.js';
import type { ToolSpec } from '../../tools/tool-spec.js';
import { approvalMessage } from './approval-message.js';
import { approvalSubject } from './approval-subject.js';
import { checkBeforeApproval } from './check-before-approval.js';
import type { McpServerOptions } from './mcp-server-options.js';

/** The tools/call request being handled, and what the gate may ask through. */
export interface ApprovalContext {
  readonly server: Server;
  readonly session: Session;
  readonly options: McpServerOptions;
  /** The tools/call request's id: the elicitation travels with it (on its HTTP stream). */
  readonly requestId: RequestId;
  readonly signal: AbortSignal;
}

// A form with no fields: the answer is the action itself, accept or decline.
const NO_FIELDS = { type: 'object', properties: {} } as const;

/**
 * Lets a call through, or says why not. A call its spec says needs approval runs only when
 * everyone who can be asked says yes (tools/approval-decision.ts): the application's `approve`
 * callback first, whose "no" is final; then the person, through MCP elicitation when the client
 * supports it. With neither, it is refused. Undefined means go ahead; a failure is the result to
 * return instead of running.
 */
export async function approvalGate(
  spec: ToolSpec,
  args: unknown,
  context: ApprovalContext,
): Promise<ToolFailure | undefined> {
  let verdict: ApprovalVerdict;
  try {
    verdict = await verdictOf(spec, args);
  } catch {
    // An approval rule that fails must not let a charge through unasked.
    verdict = { needed: true };
  }
  if (!verdict.needed) return undefined;

  const { server, session, options, signal } = context;
  const subject = approvalSubject(spec, args, session, options.prefix);
  const invalid = checkBeforeApproval(spec, args, subject, session);
  if (invalid) return invalid;
  const message = approvalMessage(subject, verdict.cost);
  const operationId = subject.operation?.id ?? subject.requested;
  const { approve } = options;

  return decideApproval(
    { what: operationId ?? subject.tool, effect: subject.effect },
    {
      ...(approve
        ? {
            policy: () =>
              approve({
                tool: spec.name,
                ...(operationId !== undefined ? { operationId } : {}),
                effect: subject.effect,
                arguments: subject.arguments,
                message,
                ...(verdict.cost ? { cost: verdict.cost } : {}),
                signal,
              }),
          }
        : {}),
      ...(server.getClientCapabilities()?.elicitation?.form
        ? {
            askPerson: async () =>
              (
                await server.elicitInput(
                  { mode: 'form', message, requestedSchema: NO_FIELDS },
                  {
                    relatedRequestId: context.requestId,
                    signal,
                    timeout: options.approvalTimeoutMs ?? 600_000,
                  },
                )
              ).action,
          }
        : {}),
    },
  );
}
