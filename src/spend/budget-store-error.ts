/**
 * The one error a shared budget store throws when its backend fails (connection refused, closed
 * client, authentication, an unexpected reply). Like the rate-limit store's, it keeps no secret:
 * a backend's errors can quote a connection URL, and those carry passwords.
 * @module
 */
import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';
import { describeFailure, redactStoreMessage } from '../http/rate-limit/rate-limit-store-error.js';

const MARKER = errorMarker('BudgetStoreError');

/** What a budget store was doing when its backend failed. */
export type BudgetStoreOperation = 'reserve' | 'settle' | 'release' | 'read';

export interface BudgetStoreErrorOptions {
  /** The backend, e.g. `redis`. */
  readonly store: string;
  readonly operation: BudgetStoreOperation;
  /** The budget's key. */
  readonly budget: string;
  /** The backend's error; only its name, code and redacted message are kept. */
  readonly failure: unknown;
}

/**
 * A shared budget store could not be read or written. A call whose reservation fails this way is
 * refused before it is sent: spending without a budget's consent is what the budget prevents. The
 * backend's own error is not kept as `cause` (it may hold the connection options); its name,
 * `code` and redacted message are.
 *
 * @example
 * ```ts
 * try {
 *   await store.reserve(key, id, amount, limit, ttlMs);
 * } catch (error) {
 *   if (BudgetStoreError.isInstance(error)) console.error(error.operation, error.backendCode); // 'reserve' 'ECONNREFUSED'
 * }
 * ```
 */
export class BudgetStoreError extends GenerationToolkitError {
  /**
   * `budget_store_reset` when the store lost the budget's state (a Redis restarted empty): calls
   * are refused until the budget is set again; `budget_store_failed` for every other failure.
   */
  declare readonly code: 'budget_store_failed' | 'budget_store_reset';
  readonly store: string;
  readonly operation: BudgetStoreOperation;
  /** The budget's key, redacted. */
  readonly budget: string;
  /** The backend error's `code` (`ECONNREFUSED`) or name (`ClientClosedError`), when it had one. */
  readonly backendCode: string | undefined;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: BudgetStoreErrorOptions) {
    const failure = describeFailure(options.failure);
    const budget = redactStoreMessage(options.budget);
    const reset = failure.code === 'budget_store_reset';
    super({
      code: reset ? 'budget_store_reset' : 'budget_store_failed',
      message: `The ${options.store} budget store could not ${options.operation} on budget ${budget}: ${failure.message}`,
      // A backend that is down may come back; the caller decides how long to wait for it. A
      // budget that lost its state does not come back by waiting: a person sets it again.
      retryable: !reset,
    });
    this.store = options.store;
    this.operation = options.operation;
    this.budget = budget;
    this.backendCode = failure.code;
    markError(this, MARKER);
  }

  /** Whether `error` is a BudgetStoreError, also from another copy of the package. */
  static override isInstance(error: unknown): error is BudgetStoreError {
    return hasMarker(error, MARKER);
  }
}
