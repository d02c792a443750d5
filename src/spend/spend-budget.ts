/**
 * A budget a session (or a tool set) spends from: each call's estimate is reserved before it is
 * sent, settled with what it cost when it ends, released when it failed without charge. A call
 * that would pass the budget is refused before it is sent.
 * @module
 */
import { type OptionKeys, UsageError } from '../errors/index.js';
import { BudgetExceededError, type CheaperModel } from './budget-exceeded-error.js';
import { type BudgetStore, type BudgetTotals, MemoryBudgetStore } from './budget-store.js';
import { type CostEstimate, fromMicros, type Micros, toMicros } from './cost-estimate.js';

/**
 * A spending budget.
 *
 * @example
 * const session = await connect({ baseUrl, apiKey, budget: { amount: 5, currency: 'usd' } });
 */
export interface BudgetOptions {
  /** The most the calls may spend together, in the currency's major unit (`5` is five dollars). */
  readonly amount: number;
  /** The budget's currency; calls priced in another are treated as of unknown cost. @default 'usd' */
  readonly currency?: string;
  /**
   * Where reservations and settled charges are kept; a shared store (Redis) lets many processes
   * spend from one budget. @default a new MemoryBudgetStore
   */
  readonly store?: BudgetStore;
  /**
   * The budget's name in the store: processes sharing a budget use the same. @default 'default'
   */
  readonly name?: string;
  /**
   * A call whose cost cannot be estimated (no price in the feed, no model named) is refused
   * (`'refuse'`), or sent and counted at what it is found to cost, nothing if that cannot be
   * read (`'allow'`). @default 'refuse'
   */
  readonly unknownCost?: 'refuse' | 'allow';
  /**
   * How long a reservation holds without being settled (a process that died mid-call, a job never
   * resumed), in ms. @default 3600000 (one hour)
   */
  readonly reservationTtlMs?: number;
}

/** The keys of {@link BudgetOptions}, for the options check of `connect()` and the tool factories. */
export const BUDGET_OPTION_KEYS: OptionKeys<BudgetOptions> = {
  amount: ['limit', 'max'],
  currency: true,
  store: true,
  name: ['key'],
  unknownCost: ['unknown'],
  reservationTtlMs: ['ttlMs'],
};

/** What a budget has spent and holds, in the currency's major unit. */
export interface SpendReport {
  /** Held by calls in flight (and jobs handed back as pending). */
  readonly reserved: number;
  /** Charged by calls that ended. */
  readonly settled: number;
  /** What new calls may still spend: the amount less reserved and settled. */
  readonly left: number;
  readonly currency: string;
}

/** A reservation of one call, to settle or release when it ends. */
export interface Reservation {
  readonly id: string;
  readonly micros: Micros;
  readonly estimate: CostEstimate;
}

/** What a refusal may suggest: the cheapest model of the family that fits what is left. */
export type FindCheaper = (left: number) => Promise<CheaperModel | undefined>;

/** One budget, bound to its store. */
export class SpendBudget {
  readonly currency: string;
  readonly #limit: Micros;
  readonly #store: BudgetStore;
  readonly #key: string;
  readonly #unknownCost: 'refuse' | 'allow';
  readonly #ttlMs: number;

  /** How long a reservation holds unsettled, in ms (`reservationTtlMs`). */
  get reservationTtlMs(): number {
    return this.#ttlMs;
  }

  /** @internal Made by `connect()` and the tool factories from {@link BudgetOptions}. */
  constructor(options: BudgetOptions, scope: string) {
    if (!(typeof options.amount === 'number' && Number.isFinite(options.amount) && options.amount >= 0))
      throw new UsageError('budget.amount must be a number of at least 0, in the major unit (5 is $5).');
    this.currency = (options.currency ?? 'usd').toLowerCase();
    this.#limit = toMicros(options.amount);
    this.#store = options.store ?? new MemoryBudgetStore();
    this.#key = `budget:${scope}:${options.name ?? 'default'}`;
    this.#unknownCost = options.unknownCost ?? 'refuse';
    this.#ttlMs = options.reservationTtlMs ?? 3_600_000;
  }

  /**
   * Reserves the call's estimate, or refuses the call with {@link BudgetExceededError}.
   * An unknown cost reserves nothing when the budget allows unknown costs.
   */
  async reserve(operationId: string, estimate: CostEstimate, findCheaper: FindCheaper): Promise<Reservation> {
    const known = estimate.kind === 'priced' && estimate.currency === this.currency;
    if (!known && this.#unknownCost === 'refuse') {
      const left = this.#left(await this.#store.read(this.#key));
      throw new BudgetExceededError({ operationId, estimate, left, currency: this.currency });
    }
    const micros = known ? toMicros(estimate.amount ?? 0) : 0;
    const id = globalThis.crypto.randomUUID();
    const outcome = await this.#store.reserve(this.#key, id, micros, this.#limit, this.#ttlMs);
    if (!outcome.granted) {
      const left = this.#left(outcome.totals);
      const cheaper = await findCheaper(left);
      throw new BudgetExceededError({
        operationId,
        estimate,
        left,
        currency: this.currency,
        ...(cheaper ? { cheaper } : {}),
      });
    }
    return { id, micros, estimate };
  }

  /** Ends a reservation with what the call cost (the estimate when the charge cannot be read). */
  async settle(reservation: Reservation, charged?: number): Promise<void> {
    const micros = charged === undefined ? reservation.micros : toMicros(charged);
    await this.#store.settle(this.#key, reservation.id, micros);
  }

  /** Ends a reservation without charge: the call failed and the service charged nothing. */
  async release(reservation: Reservation): Promise<void> {
    await this.#store.release(this.#key, reservation.id);
  }

  async report(): Promise<SpendReport> {
    const totals = await this.#store.read(this.#key);
    return {
      reserved: fromMicros(totals.reserved),
      settled: fromMicros(totals.settled),
      left: this.#left(totals),
      currency: this.currency,
    };
  }

  #left(totals: BudgetTotals): number {
    return fromMicros(Math.max(0, this.#limit - totals.reserved - totals.settled));
  }
}
