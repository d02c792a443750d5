import {
  type ClientCapabilities,
  type ElicitRequestFormParams,
  type ElicitResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import { handlesCredentials } from '../../auth/credential-operations.js';
import type { Session } from '../../auth/session.js';
import { type ApprovalVerdict, verdictOf } from '../../tools/approval.js';
import {
  approvalDeclined,
  approvalFailed,
  approvalRequired,
  decideApproval,
} from '../../tools/approval-decision.js';
import type { ToolFailure } from '../../tools/tool-result.js';
import type { ToolSpec } from '../../tools/tool-spec.js';
import { approvalMessage } from './approval-message.js';
import { approvalSubject } from './approval-subject.js';
import { checkBeforeApproval } from './check-before-approval.js';
import type { McpServerOptions } from './mcp-server-options.js';

/** The tools/call request being handled, and what the gate may ask through. */
export interface ApprovalContext {
  readonly session: Session;
  readonly options: McpServerOptions;
  /**
   * What the client declared: per request on 2026-07-28, at `initialize` on a 2025-11-25
   * connection; nothing on a stateless 2025-11-25 request, which cannot carry a question.
   */
  readonly clientCapabilities: ClientCapabilities | undefined;
  /** The answers a retried request carries (`ctx.mcpReq.inputResponses`). */
  readonly inputResponses: Record<string, unknown> | undefined;
  /**
   * Asks the client at once, on a 2025-11-25 connection (an elicitation request tied to the call);
   * absent on 2026-07-28, where the question goes back as an `input_required` result.
   */
  readonly elicit?: (params: ElicitRequestFormParams) => Promise<ElicitResult>;
  readonly signal: AbortSignal;
}

/** The key of the approval question among a request's input requests. */
const APPROVAL_KEY = 'approval';

// A form with no fields: the answer is the action itself, accept or decline.
const NO_FIELDS = { type: 'object', properties: {} } as const;

/**
 * Lets a call through, asks, or says why not. A call its spec says needs approval runs only when
 * everyone who can be asked says yes (tools/approval-decision.ts): the application's `approve`
 * callback first, whose "no" is final; then the person, through form elicitation when the client
 * supports it (a request to the client on a 2025-11-25 connection; on 2026-07-28 an
 * `input_required` result, which the client fulfils and answers by repeating the call with the
 * person's answer; the policy is asked again on the repeat, so no answer can skip it). With
 * neither, it is refused. Undefined means go ahead; a failure is the result to return instead.
 */
export async function approvalGate(
  spec: ToolSpec,
  args: unknown,
  context: ApprovalContext,
): Promise<ToolFailure | InputRequiredResult | undefined> {
  let verdict: ApprovalVerdict;
  try {
    verdict = await verdictOf(spec, args);
  } catch {
    // An approval rule that fails must not let a charge through unasked.
    verdict = { needed: true };
  }
  if (!verdict.needed) return undefined;

  const { session, options, signal } = context;
  const subject = approvalSubject(spec, args, session, { prefix: options.prefix, runs: verdict.runs });
  const invalid = checkBeforeApproval(spec, args, subject, session);
  if (invalid) return invalid;
  const message = approvalMessage(subject, verdict.cost);
  const operationId = subject.operation?.id ?? subject.requested;
  const { approve } = options;

  const refusal = {
    what: operationId ?? subject.tool,
    effect: subject.effect,
    handlesCredentials: subject.operation !== undefined && handlesCredentials(subject.operation),
  };

  // An empty `elicitation` capability means form mode (the specification's rule for older clients).
  const elicitation = context.clientCapabilities?.elicitation;
  const formElicitation =
    elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);

  // The application's policy first: its "no" is final, whatever the client would answer.
  if (approve) {
    const policyRefusal = await decideApproval(refusal, {
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
    });
    if (policyRefusal) return policyRefusal;
    if (!formElicitation) return undefined;
  } else if (!formElicitation) {
    return approvalRequired(refusal);
  }

  // Then the person, who can add a refusal.
  const elicit = context.elicit;
  if (elicit) {
    return decideApproval(refusal, {
      askPerson: async () => (await elicit({ mode: 'form', message, requestedSchema: NO_FIELDS })).action,
    });
  }
  const answer = inputResponse(context.inputResponses, APPROVAL_KEY);
  if (answer.kind === 'elicit')
    return answer.action === 'accept' ? undefined : approvalDeclined(refusal, answer.action);
  if (answer.kind !== 'missing') return approvalFailed(refusal);
  return inputRequired({
    inputRequests: {
      [APPROVAL_KEY]: inputRequired.elicit({ mode: 'form', message, requestedSchema: NO_FIELDS }),
    },
  });
}
