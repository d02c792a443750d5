/**
 * Spend control: what a call costs before it is sent, and a budget it cannot pass. Sits between
 * auth (the session) and calls/discovery (the model feed).
 * @module
 */
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
export {
  type CostEstimate,
  fromMicros,
  type Micros,
  type PricedEstimate,
  toMicros,
  type UnknownEstimate,
} from './cost-estimate.js';
export { RedisBudgetStore, type RedisBudgetStoreOptions } from './redis-budget-store.js';
