/**
 * The baseline of the reservation-overhead figure with many reservations held: the memory store
 * as the shared contract of issue 17 first had it, which summed every held reservation on every
 * call. Kept here only to be measured against; the library's store keeps running totals.
 * @module
 */
import type { BudgetStore, BudgetTotals, Micros, ReserveOutcome } from '../../src/spend/index.js';

export class ScanningBudgetStore implements BudgetStore {
  readonly #reservations = new Map<string, Map<string, { amount: Micros; expiresAt: number }>>();
  readonly #settled = new Map<string, Micros>();

  async reserve(
    key: string,
    id: string,
    amount: Micros,
    limit: Micros,
    ttlMs: number,
  ): Promise<ReserveOutcome> {
    const totals = this.#totals(key);
    if (totals.reserved + totals.settled + amount > limit) return { granted: false, totals };
    this.#held(key).set(id, { amount, expiresAt: Date.now() + ttlMs });
    return { granted: true, totals: { reserved: totals.reserved + amount, settled: totals.settled } };
  }

  async settle(key: string, id: string, charged: Micros): Promise<BudgetTotals> {
    if (this.#held(key).delete(id)) this.#settled.set(key, (this.#settled.get(key) ?? 0) + charged);
    return this.#totals(key);
  }

  async release(key: string, id: string): Promise<BudgetTotals> {
    this.#held(key).delete(id);
    return this.#totals(key);
  }

  async read(key: string): Promise<BudgetTotals> {
    return this.#totals(key);
  }

  #held(key: string) {
    let held = this.#reservations.get(key);
    if (!held) {
      held = new Map();
      this.#reservations.set(key, held);
    }
    return held;
  }

  #totals(key: string): BudgetTotals {
    const now = Date.now();
    let reserved = 0;
    for (const [id, reservation] of this.#held(key)) {
      if (reservation.expiresAt <= now) this.#held(key).delete(id);
      else reserved += reservation.amount;
    }
    return { reserved, settled: this.#settled.get(key) ?? 0 };
  }
}
