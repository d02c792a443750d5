/**
 * Where a budget keeps what is reserved and settled. In memory by default; a shared store (Redis)
 * lets a fleet of processes spend from one budget. Every operation is atomic on its own: a store
 * never grants two reservations that together pass the limit.
 * @module
 */
import type { Micros } from './cost-estimate.js';
import { checkCharge, checkReservation } from './reservation-arguments.js';

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
 * both are safe to repeat; so is reserving an id that is already held (granted, counted once).
 * A reservation whose TTL ran out stops counting, but a settle that comes late still counts the
 * charge (the service charged it) for as long as the store remembers the reservation.
 * Amounts are whole micros; a store refuses anything else with a `UsageError`.
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

/**
 * Settings of {@link MemoryBudgetStore}.
 *
 * @example
 * // Forget lapsed reservations after an hour rather than a day.
 * const store = new MemoryBudgetStore(Date.now, { keepLapsedMs: 3_600_000 });
 */
export interface MemoryBudgetStoreOptions {
  /**
   * How long a reservation whose TTL ran out is remembered, so that a call which outlived its
   * reservation and settles late still has its charge counted (the service did charge it).
   * Settling a reservation forgotten longer ago does nothing.
   * @default 86_400_000 (a day)
   */
  readonly keepLapsedMs?: number;
}

/** A day: far longer than any call, short enough that lapsed reservations do not pile up. */
export const DEFAULT_KEEP_LAPSED_MS = 86_400_000;

interface Reservation {
  readonly amount: Micros;
  readonly expiresAt: number;
}

interface MemoryBudget {
  settled: Micros;
  /** The sum of `held`'s amounts, kept as they change so that a call costs no walk over them. */
  reserved: Micros;
  /** Reservations that count against the limit. */
  readonly held: Map<string, Reservation>;
  /** Reservations past their TTL: they no longer count, but a late settle still charges them. */
  readonly lapsed: Map<string, Reservation>;
  /** The earliest `expiresAt` among `held` (or of `lapsed` plus the keeping time): when to look again. */
  nextChange: number;
}

/**
 * The default store: budgets in this process. A reservation stops counting when its TTL runs out
 * (its process is taken to have died mid-call) and is forgotten `keepLapsedMs` later. Each call
 * costs the same however many reservations are held: the totals are kept as they change, and the
 * reservations are looked over only when one of them has run out.
 *
 * @example
 * ```ts
 * import { MemoryBudgetStore, toMicros } from 'generation-agent-toolkit';
 *
 * const store = new MemoryBudgetStore();
 * const outcome = await store.reserve('budget:acct:agent', 'call-1', toMicros(0.04), toMicros(5), 600_000);
 * if (outcome.granted) await store.settle('budget:acct:agent', 'call-1', toMicros(0.04));
 * ```
 */
export class MemoryBudgetStore implements BudgetStore {
  readonly #budgets = new Map<string, MemoryBudget>();
  readonly #keepLapsedMs: number;

  /**
   * @param now The clock, in epoch milliseconds (a test passes a controllable one).
   * @param options See {@link MemoryBudgetStoreOptions}.
   */
  constructor(
    private readonly now: () => number = Date.now,
    options: MemoryBudgetStoreOptions = {},
  ) {
    this.#keepLapsedMs = options.keepLapsedMs ?? DEFAULT_KEEP_LAPSED_MS;
  }

  async reserve(
    key: string,
    reservationId: string,
    amount: Micros,
    limit: Micros,
    ttlMs: number,
  ): Promise<ReserveOutcome> {
    checkReservation(amount, limit, ttlMs);
    const now = this.now();
    const budget = this.#current(key, now);
    // A repeated reservation (a retry that did not hear the first answer) is granted once.
    if (budget.held.has(reservationId)) return { granted: true, totals: totalsOf(budget) };
    if (budget.reserved + budget.settled + amount > limit)
      return { granted: false, totals: totalsOf(budget) };
    budget.lapsed.delete(reservationId);
    const expiresAt = now + ttlMs;
    budget.held.set(reservationId, { amount, expiresAt });
    budget.reserved += amount;
    budget.nextChange = Math.min(budget.nextChange, expiresAt);
    return { granted: true, totals: totalsOf(budget) };
  }

  async settle(key: string, reservationId: string, charged: Micros): Promise<BudgetTotals> {
    checkCharge(charged);
    const budget = this.#current(key, this.now());
    if (this.#end(budget, reservationId)) budget.settled += charged;
    return totalsOf(budget);
  }

  async release(key: string, reservationId: string): Promise<BudgetTotals> {
    const budget = this.#current(key, this.now());
    this.#end(budget, reservationId);
    return totalsOf(budget);
  }

  async read(key: string): Promise<BudgetTotals> {
    return totalsOf(this.#current(key, this.now()));
  }

  /** Takes a reservation out, held or lapsed; false when there was none (already ended). */
  #end(budget: MemoryBudget, reservationId: string): boolean {
    const held = budget.held.get(reservationId);
    if (held) {
      budget.held.delete(reservationId);
      budget.reserved -= held.amount;
      return true;
    }
    return budget.lapsed.delete(reservationId);
  }

  /** The budget under `key` as of `now`: run-out reservations lapsed, long-lapsed ones forgotten. */
  #current(key: string, now: number): MemoryBudget {
    let budget = this.#budgets.get(key);
    if (!budget) {
      budget = { settled: 0, reserved: 0, held: new Map(), lapsed: new Map(), nextChange: Infinity };
      this.#budgets.set(key, budget);
    }
    if (now >= budget.nextChange) this.#expire(budget, now);
    return budget;
  }

  #expire(budget: MemoryBudget, now: number): void {
    let nextChange = Infinity;
    for (const [id, reservation] of budget.lapsed) {
      const forgetAt = reservation.expiresAt + this.#keepLapsedMs;
      if (forgetAt <= now) budget.lapsed.delete(id);
      else nextChange = Math.min(nextChange, forgetAt);
    }
    for (const [id, reservation] of budget.held) {
      if (reservation.expiresAt <= now) {
        budget.held.delete(id);
        budget.reserved -= reservation.amount;
        budget.lapsed.set(id, reservation);
        nextChange = Math.min(nextChange, reservation.expiresAt + this.#keepLapsedMs);
      } else nextChange = Math.min(nextChange, reservation.expiresAt);
    }
    budget.nextChange = nextChange;
  }
}

function totalsOf(budget: MemoryBudget): BudgetTotals {
  return { reserved: budget.reserved, settled: budget.settled };
}
