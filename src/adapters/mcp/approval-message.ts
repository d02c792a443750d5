import type { OperationEffect } from '../../discovery/types.js';
import { type CostCheck, describeCost } from '../../tools/cost-approval.js';
import type { ApprovalSubject } from './approval-subject.js';

/** Longest argument text shown to the person; the arguments of money and deletions are short. */
const MAX_ARGUMENT_CHARS = 600;

const CONSEQUENCE: Readonly<Record<OperationEffect, string>> = {
  money: 'It moves money: the account or a card may be charged.',
  destructive: 'It deletes or revokes something, and that cannot be undone.',
  write: 'It changes something on the account.',
  read: 'It only reads.',
};

function argumentsText(args: unknown): string {
  const text = JSON.stringify(args) ?? '{}';
  return text.length > MAX_ARGUMENT_CHARS ? `${text.slice(0, MAX_ARGUMENT_CHARS)}... (cut)` : text;
}

/**
 * The question put to the person: which operation, what it does to them (charge, delete), what it
 * is expected to cost when the approval rule prices calls (`costAbove`), and the exact arguments,
 * so that "Accept" means what the person read.
 *
 * @example
 * // Allow the agent to run post_wallet_fund ("Fund the wallet")?
 * // It moves money: the account or a card may be charged.
 * // Arguments: {"amount":10,"payment_method_id":"pm_card_visa"}
 */
export function approvalMessage(subject: ApprovalSubject, cost?: CostCheck): string {
  const { operation } = subject;
  const named = operation ? `${operation.id} ("${operation.summary}")` : (subject.requested ?? subject.tool);
  const through = subject.dynamic ? ` through ${subject.tool}` : '';
  return [
    `Allow the agent to run ${named}${through}?`,
    CONSEQUENCE[subject.effect],
    ...(cost ? [describeCost(cost)] : []),
    `Arguments: ${argumentsText(subject.arguments)}`,
  ].join('\n');
}
