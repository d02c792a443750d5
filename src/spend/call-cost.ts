/**
 * What a call cost, as results carry it.
 * @module
 */
import type { CostEstimate } from './cost-estimate.js';

/**
 * A call's cost: what was estimated before it was sent, and what it charged when the service
 * says so (in the estimate's currency, major unit).
 */
export interface CallCost {
  readonly estimated: CostEstimate;
  readonly charged?: number;
}
