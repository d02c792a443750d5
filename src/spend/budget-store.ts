/**
 * Where a budget keeps what is reserved and settled. In memory by default; a shared store (Redis)
 * lets a fleet of processes spend from one budget. Every operation is atomic on its own: a store
 * never grants two reservations that together pass the limit.
 * @module
 */
import type { Micros } from './cost-estimate.js';

/** What a budget holds at one moment, in micros. */
export interface BudgetTotals {
  /** Reserved by calls still in flight. */
  readonly reserved: Micros;
  /** Charged by calls that ended. */
  readonly settled: Micros;
}

/** The answer to a reservation: granted (and counted), or refused (nothing counted). */
export type ReserveOutcome =
  | { readonly granted: true; readonly totals: BudgetTotals }
  | { readonly granted: false; readonly totals: BudgetTotals };

/**
 * A budget's storage. Keys name budgets (`budget:<account>:<name>`); a reservation id is unique
 * per call. Settling or releasing an unknown or already finished reservation does nothing, so
 * both are safe to repeat.
 */
export interface BudgetStore {
  /**
   * Reserves `amount` against budget `key` if reserved + settled + amount stays within `limit`.
   * `ttlMs` bounds how long an unsettled reservation holds (a process that died mid-call).
   */
  reserve(
    key: string,
    reservationId: string,
    amount: Micros,
    limit: Micros,
    ttlMs: number,
  ): Promise<ReserveOutcome>;
  /** Ends a reservation with what was charged (which may differ from what was reserved). */
  settle(key: string, reservationId: string, charged: Micros): Promise<BudgetTotals>;
  /** Ends a reservation without charge (the call failed and the service charged nothing). */
  release(key: string, reservationId: string): Promise<BudgetTotals>;
  /** What the budget holds now. */
  read(key: string): Promise<BudgetTotals>;
}

interface Reservation {
  readonly amount: Micros;
  readonly expiresAt: number;
}

interface MemoryBudget {
  settled: Micros;
  readonly reservations: Map<string, Reservation>;
}

/** The default store: budgets in this process. Expired reservations stop counting. */
export class MemoryBudgetStore implements BudgetStore {
  readonly #budgets = new Map<string, MemoryBudget>();

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(
    key: string,
    reservationId: string,
    amount: Micros,
    limit: Micros,
    ttlMs: number,
  ): Promise<ReserveOutcome> {
    const budget = this.#budget(key);
    const totals = this.#totals(budget);
    if (totals.reserved + totals.settled + amount > limit) return { granted: false, totals };
    budget.reservations.set(reservationId, { amount, expiresAt: this.now() + ttlMs });
    return { granted: true, totals: { reserved: totals.reserved + amount, settled: totals.settled } };
  }

  async settle(key: string, reservationId: string, charged: Micros): Promise<BudgetTotals> {
    const budget = this.#budget(key);
    if (budget.reservations.delete(reservationId)) budget.settled += charged;
    return this.#totals(budget);
  }

  async release(key: string, reservationId: string): Promise<BudgetTotals> {
    const budget = this.#budget(key);
    budget.reservations.delete(reservationId);
    return this.#totals(budget);
  }

  async read(key: string): Promise<BudgetTotals> {
    return this.#totals(this.#budget(key));
  }

  #budget(key: string): MemoryBudget {
    let budget = this.#budgets.get(key);
    if (!budget) {
      budget = { settled: 0, reservations: new Map() };
      this.#budgets.set(key, budget);
    }
    return budget;
  }

  #totals(budget: MemoryBudget): BudgetTotals {
    const now = this.now();
    let reserved = 0;
    for (const [id, reservation] of budget.reservations) {
      if (reservation.expiresAt <= now) budget.reservations.delete(id);
      else reserved += reservation.amount;
    }
    return { reserved, settled: budget.settled };
  }
}
