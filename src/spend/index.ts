/**
 * Spend control: what a call costs before it is sent, and a budget it cannot pass. Sits between
 * auth (the session) and calls/discovery (the model feed).
 * @module
 */
export { type BillingUnit, type KnownBillingUnit, readBillingUnit, type UnitKind } from './billing-unit.js';
export {
  BudgetExceededError,
  type BudgetExceededErrorOptions,
  type CheaperModel,
} from './budget-exceeded-error.js';
export {
  type BudgetStore,
  type BudgetTotals,
  MemoryBudgetStore,
  type MemoryBudgetStoreOptions,
  type ReserveOutcome,
} from './budget-store.js';
export {
  BudgetStoreError,
  type BudgetStoreErrorOptions,
  type BudgetStoreOperation,
} from './budget-store-error.js';
export type { CallCost } from './call-cost.js';
export {
  type CostEstimate,
  fromMicros,
  type Micros,
  type PricedEstimate,
  toMicros,
  type UnknownEstimate,
} from './cost-estimate.js';
export { type EstimateCostInput, estimateCost, FEED_CURRENCY } from './estimate-cost.js';
export { familyPriceSentence, type ModelPriceRow, modelPriceTable } from './model-family-prices.js';
export { formatPrice } from './model-price.js';
export type { PlanCoverage } from './plan-coverage.js';
export { RedisBudgetStore, type RedisBudgetStoreOptions } from './redis-budget-store.js';
export { BUDGET_OPTION_KEYS, type BudgetOptions, SpendBudget, type SpendReport } from './spend-budget.js';
