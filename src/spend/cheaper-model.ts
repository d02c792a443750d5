/**
 * The model a refused call could use instead: of the same family, priced below the refused
 * estimate, and within what the budget has left (the dearest such, the closest to what was asked).
 * @module
 */
import type { CheaperModel } from './budget-exceeded-error.js';
import { type EstimateCostInput, estimateCost, modelArgument } from './estimate-cost.js';
import { familyModels } from './model-family-prices.js';

/** A cheaper model of the family that fits `left`, or undefined when the feed has none. */
export function cheaperModel(estimate: EstimateCostInput, left: number): CheaperModel | undefined {
  const { operation, input } = estimate;
  const current = modelArgument(operation, input);
  const properties = (operation.input.schema.properties ?? {}) as Record<string, unknown>;
  const field = 'model_id' in properties ? 'model_id' : 'model';
  const asked = estimateCost(estimate);
  const ceiling = Math.min(left, asked.kind === 'priced' ? asked.amount : Number.POSITIVE_INFINITY);
  let best: CheaperModel | undefined;
  for (const model of familyModels(operation, estimate.models)) {
    if (model.id === current) continue;
    const other = estimateCost({ ...estimate, input: { ...input, [field]: model.id } });
    if (other.kind !== 'priced' || other.amount > ceiling) continue;
    if (asked.kind === 'priced' && other.amount >= asked.amount) continue;
    if (!best || other.amount > best.amount)
      best = { model: model.id, amount: other.amount, basis: other.basis };
  }
  return best;
}
