/**
 * Approval by cost: a call whose estimate passes a threshold waits for a person, and the question
 * put to that person says what the call is expected to cost and why. An estimate nobody can state
 * counts as above the threshold: a person, not a guess, decides about an unknown charge.
 * @module
 */
import type { CostEstimate } from '../spend/cost-estimate.js';
import { toMicros } from '../spend/cost-estimate.js';
import { formatPrice } from '../spend/model-price.js';

/** What a call is expected to cost, measured against the approval threshold of the rule. */
export interface CostCheck {
  readonly estimate: CostEstimate;
  /** The rule's `costAbove`, in the estimate's currency. */
  readonly threshold: number;
  /** Whether the call needs a person because of its cost: priced above the threshold, or unknown. */
  readonly above: boolean;
}

/** A call's expected cost, as the session estimates it (`session.estimate`). */
export type EstimateCost = (operationId: string, input: unknown) => Promise<CostEstimate>;

/**
 * The estimate of a call measured against `threshold`. An estimator that fails gives an unknown
 * estimate saying so, which counts as above: a failure must not let a charge through unasked.
 */
export async function checkCost(
  estimateCost: EstimateCost,
  operationId: string,
  input: unknown,
  threshold: number,
): Promise<CostCheck> {
  let estimate: CostEstimate;
  try {
    estimate = await estimateCost(operationId, input);
  } catch {
    estimate = {
      kind: 'unknown',
      amount: null,
      currency: 'usd',
      basis: `the cost of ${operationId} could not be estimated`,
      covered: false,
    };
  }
  const above = estimate.kind === 'unknown' || toMicros(estimate.amount) > toMicros(threshold);
  return { estimate, threshold, above };
}

/**
 * The sentence about cost in an approval question: the amount, currency and basis, whether the
 * plan covers it, and how it stands against the threshold.
 *
 * @example
 * describeCost(check);
 * // 'Estimated cost: $1.6 (4 images × $0.4 per image (flux-pro)), above the approval threshold of $1.'
 * // 'Estimated cost: unknown (the model feed lists no price for hunyuan3d-2). A call of unknown cost
 * //  needs approval, as one above the threshold of $1 would.'
 */
export function describeCost(check: CostCheck): string {
  const { estimate } = check;
  const threshold = formatPrice(check.threshold, estimate.currency);
  if (estimate.kind === 'unknown')
    return `Estimated cost: unknown (${estimate.basis}). A call of unknown cost needs approval, as one above the threshold of ${threshold} would.`;
  const amount = formatPrice(estimate.amount, estimate.currency);
  const covered = estimate.covered ? ', covered by the plan: the wallet is not charged' : '';
  const standing = check.above
    ? `, above the approval threshold of ${threshold}`
    : `, within the approval threshold of ${threshold}`;
  return `Estimated cost: ${amount} (${estimate.basis})${covered}${standing}.`;
}
