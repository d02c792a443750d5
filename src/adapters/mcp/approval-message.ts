import { handlesCredentials } from '../../auth/credential-operations.js';
import { approvalQuestion } from '../../tools/approval-decision.js';
import type { CostCheck } from '../../tools/cost-approval.js';
import type { ApprovalSubject } from './approval-subject.js';

/**
 * The question put to the person (tools/approval-decision.ts words it): which operation, what it
 * does to them, its expected cost when the rule prices calls, and the arguments, amounts first.
 *
 * @example
 * // Allow the agent to run post_wallet_fund ("Fund the wallet")?
 * // It moves money: the account or a card may be charged.
 * // Arguments: {"amount":10,"payment_method_id":"pm_card_visa"}
 */
export function approvalMessage(subject: ApprovalSubject, cost?: CostCheck): string {
  const { operation } = subject;
  return approvalQuestion(
    {
      named: operation ? `${operation.id} ("${operation.summary}")` : (subject.requested ?? subject.tool),
      ...(subject.dynamic ? { through: subject.tool } : {}),
      effect: subject.effect,
      credentials: operation !== undefined && handlesCredentials(operation),
      arguments: subject.arguments,
    },
    cost,
  );
}
