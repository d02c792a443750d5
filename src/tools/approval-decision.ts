/**
 * Who decides whether a call that needs approval runs, and what the person is asked: the
 * framework-free part of the approval of every adapter that asks on its own (MCP today).
 *
 * The application's policy (an `approve` callback) is final: when it is given, it decides, and a
 * client's own question to a person (MCP elicitation) can add a refusal, never overturn one. With
 * no policy, the person asked through the client decides. With neither, the call is refused.
 * @module
 */

import type { OperationEffect } from '../discovery/types.js';
import { approvalArguments } from './approval-arguments.js';
import { type CostCheck, describeCost } from './cost-approval.js';
import { approvalWords, effectSentence } from './effect-wording.js';
import type { ToolFailure } from './tool-result.js';

/** What a call waiting for approval would do, as the question and the refusals name it. */
export interface ApprovalQuestionSubject {
  /** `fund_wallet ("Fund the wallet")`, or the name the model gave when no operation matched. */
  readonly named: string;
  /** The tool the call goes through when it is not the operation's own (`call_operation`). */
  readonly through?: string;
  readonly effect: OperationEffect;
  /** The operation writes credentials (keys, tokens, passwords). */
  readonly credentials?: boolean;
  /** The operation's own arguments. */
  readonly arguments: unknown;
}

/**
 * The question put to the person: which operation, what it does to them (charge, delete, hand
 * out a credential), its expected cost when the rule prices calls, and the arguments with the
 * amounts and counts first and never cut, so that "Accept" means what the person read.
 *
 * @example
 * approvalQuestion({ named: 'post_wallet_fund ("Fund the wallet")', effect: 'money', arguments: { amount: 10 } });
 * // Allow the agent to run post_wallet_fund ("Fund the wallet")?
 * // It moves money: the account or a card may be charged.
 * // Arguments: {"amount":10}
 */
export function approvalQuestion(subject: ApprovalQuestionSubject, cost?: CostCheck): string {
  const through = subject.through ? ` through ${subject.through}` : '';
  return [
    `Allow the agent to run ${subject.named}${through}?`,
    effectSentence('It', { effect: subject.effect, handlesCredentials: subject.credentials === true }),
    ...(cost ? [describeCost(cost)] : []),
    `Arguments: ${approvalArguments(subject.arguments)}`,
  ].join('\n');
}

/** A person's answer through the client: MCP elicitation's actions. */
export type PersonAnswer = 'accept' | 'decline' | 'cancel';

/** The ways an approval can be sought for one call. */
export interface ApprovalChannels {
  /** The application's policy: `true` allows; anything else refuses. Final when given. */
  readonly policy?: () => unknown;
  /** Asks the person through the client; absent when the client cannot ask. */
  readonly askPerson?: () => Promise<PersonAnswer>;
}

/** What the refusals name: the operation (or what the model asked for) and what it does. */
export interface RefusalSubject {
  readonly what: string;
  readonly effect: OperationEffect;
  /** The operation writes credentials (keys, tokens, passwords). */
  readonly handlesCredentials?: boolean;
}

/** No one can be asked: no policy, and the client cannot ask a person. */
export function approvalRequired(subject: RefusalSubject): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'approval_required',
    message: `${subject.what} ${approvalWords(subject)} and needs a person's approval, but no one can be asked: this MCP client does not support elicitation and the server has no approve callback. Nothing was done.`,
    retryable: false,
    hint: 'Tell the user this needs their approval. To allow it, use an MCP client that supports elicitation, pass `approve` to createMcpServer, or change its `approval` option.',
  };
}

/** The application's approval policy said no: not a person's answer, and no person can overturn it. */
export function approvalRefusedByPolicy(subject: RefusalSubject): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'approval_declined',
    message: `The application's approval policy does not allow ${subject.what}. Nothing was done.`,
    retryable: false,
    hint: 'This is the application’s rule, not a question to the user: do not call it again with the same arguments. Tell the user it is not allowed here.',
  };
}

/** The person said no (`decline`), or closed the question without answering (`cancel`). */
export function approvalDeclined(subject: RefusalSubject, action: 'decline' | 'cancel'): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'approval_declined',
    message:
      action === 'decline'
        ? `The user declined ${subject.what}. Nothing was done.`
        : `The user dismissed the approval of ${subject.what} without accepting it. Nothing was done.`,
    retryable: false,
    hint: 'Do not call it again unless the user asks you to.',
  };
}

/** Asking failed: the policy threw, the client refused the question, or no answer came in time. */
export function approvalFailed(subject: RefusalSubject): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'approval_failed',
    message: `The approval of ${subject.what} could not be obtained (the question failed or was not answered in time). Nothing was done.`,
    retryable: true,
    hint: 'Ask the user whether they want this, then call again.',
  };
}

/**
 * Decides a call that needs approval: undefined lets it run, a failure is the result to return
 * instead. The policy, when given, is asked first and its "no" is final; the person, when the
 * client can ask, is asked next, and their "no" refuses too. A call runs only when everyone who
 * could be asked said yes, and at least one was asked.
 *
 * @example
 * const refusal = await decideApproval(subject, {
 *   policy: () => options.approve?.(request),
 *   askPerson: async () => (await server.elicitInput(form)).action,
 * });
 */
export async function decideApproval(
  subject: RefusalSubject,
  channels: ApprovalChannels,
): Promise<ToolFailure | undefined> {
  if (!channels.policy && !channels.askPerson) return approvalRequired(subject);
  if (channels.policy) {
    let allowed: unknown;
    try {
      allowed = await channels.policy();
    } catch {
      return approvalFailed(subject);
    }
    // Only a real `true` approves: a policy that returns something else has not said yes.
    if (allowed !== true) return approvalRefusedByPolicy(subject);
  }
  if (channels.askPerson) {
    let answer: PersonAnswer;
    try {
      answer = await channels.askPerson();
    } catch {
      return approvalFailed(subject);
    }
    if (answer !== 'accept') return approvalDeclined(subject, answer === 'cancel' ? 'cancel' : 'decline');
  }
  return undefined;
}
