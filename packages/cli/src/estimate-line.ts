/**
 * An estimate as gentk prints it: `$0.004 (2 images × $0.002 per image (flux-dev))`, or that the
 * cost is unknown and why.
 * @module
 */
import type { CostEstimate } from 'generation-agent-toolkit';
import { formatPrice } from 'generation-agent-toolkit/spend';

export function estimateLine(estimate: CostEstimate): string {
  if (estimate.kind === 'unknown') return `cost unknown: ${estimate.basis}`;
  const amount =
    estimate.amount === 0
      ? formatPrice(0, estimate.currency)
      : formatPrice(estimate.amount, estimate.currency);
  return `${amount} (${estimate.basis})`;
}
