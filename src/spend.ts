/**
 * generation-agent-toolkit/spend: what a user needs beyond `connect({ budget })` to control spend:
 * the budget stores (in memory; in Redis for a fleet of processes sharing one budget), the
 * estimator a program can call without a session (as `gentk estimate` does), the money helpers
 * (exact integer micros) and what approval by cost shows a person.
 *
 * The root entry keeps what every user of a budget meets: `BudgetOptions`, `BudgetExceededError`,
 * `CostEstimate`, `CallCost` and `SpendReport`. Any new export added here becomes public API, and
 * `api/spend.api.md` shows it as a diff: use named exports, not wildcards.
 *
 * @example
 * ```ts
 * import { connect } from 'generation-agent-toolkit';
 * import { RedisBudgetStore } from 'generation-agent-toolkit/spend';
 * import { createClient } from 'redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * // Every process of the fleet spends from one $20 budget.
 * const session = await connect({
 *   baseUrl: 'https://api.example.com',
 *   budget: { amount: 20, currency: 'usd', store: new RedisBudgetStore({ client: redis }) },
 * });
 * ```
 * @module generation-agent-toolkit/spend
 */

export type { ModelInfo } from './discovery/documents/models-feed.js';
export {
  BudgetExceededError,
  type BudgetOptions,
  type BudgetStore,
  BudgetStoreError,
  type BudgetStoreOperation,
  type BudgetTotals,
  type CallCost,
  type CheaperModel,
  type CostEstimate,
  type EstimateCostInput,
  estimateCost,
  formatPrice,
  fromMicros,
  MemoryBudgetStore,
  type MemoryBudgetStoreOptions,
  type Micros,
  type PlanCoverage,
  type PricedEstimate,
  RedisBudgetStore,
  type RedisBudgetStoreOptions,
  type ReserveOutcome,
  type SpendReport,
  toMicros,
  type UnknownEstimate,
} from './spend/index.js';
export type { CountTokens } from './tokens/token-counter.js';
export type { ApprovalOperation, ApprovalVerdict } from './tools/approval.js';
export { type CostCheck, describeCost, type EstimateCost } from './tools/cost-approval.js';
export type { BudgetRefusal } from './tools/tool-result.js';
