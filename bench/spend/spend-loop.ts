/**
 * The callers of the spend benchmark: each reserves a call's estimate, "calls" (a short wait),
 * and settles what was charged, until the budget has no room left even for the cheapest model.
 * Driven through the `BudgetStore` contract alone, so that it measures the store, whatever the
 * sessions on top of it do.
 * @module
 */
import { setTimeout as delay } from 'node:timers/promises';
import { type BudgetStore, type Micros, toMicros } from '../../src/spend/index.js';

/** Prices of a call, in dollars: an image on a cheap model up to a short video. */
export const PRICES = [0.002, 0.004, 0.01, 0.04, 0.08, 0.2, 0.4] as const;
const CHEAPEST = toMicros(PRICES[0]);

export interface SpendLoopOptions {
  readonly store: BudgetStore;
  readonly key: string;
  readonly limit: Micros;
  readonly callers: number;
  /** Makes reservation ids unique across processes. */
  readonly tag: string;
  /** Varies the prices each caller picks, the same every run for a given seed. */
  readonly seed: number;
}

export interface SpendReport {
  /** What these callers settled (each charge is the estimate reserved for it). */
  readonly settled: Micros;
  readonly calls: number;
  /** Reservations refused (each then retried, or given up for the cheapest model). */
  readonly refused: number;
  /** The highest reserved + settled any answer of the store showed these callers. */
  readonly highestSeen: Micros;
}

/**
 * Runs `callers` concurrent callers until none can spend more. A refused caller does what the
 * `budget_exceeded` result tells a model: while others still hold reservations it waits for them
 * (they may settle for less, or release), and when nothing is held it falls back to the cheapest
 * model; it stops when even that does not fit.
 */
export async function spendUntilFull(options: SpendLoopOptions): Promise<SpendReport> {
  const { store, key, limit } = options;
  let settled = 0;
  let calls = 0;
  let refused = 0;
  let highestSeen = 0;
  const seen = (totals: { reserved: Micros; settled: Micros }) => {
    highestSeen = Math.max(highestSeen, totals.reserved + totals.settled);
  };

  const caller = async (index: number) => {
    for (let turn = 0; ; turn += 1) {
      const id = `${options.tag}:${index}:${turn}`;
      let amount = toMicros(PRICES[(options.seed + index * 7 + turn * 3) % PRICES.length] as number);
      let outcome = await store.reserve(key, id, amount, limit, 60_000);
      seen(outcome.totals);
      if (!outcome.granted && outcome.totals.reserved === 0 && amount > CHEAPEST) {
        refused += 1;
        amount = CHEAPEST;
        outcome = await store.reserve(key, id, amount, limit, 60_000);
        seen(outcome.totals);
      }
      if (!outcome.granted) {
        refused += 1;
        if (outcome.totals.reserved === 0 && amount === CHEAPEST) return;
        await delay(1);
        continue;
      }
      // The call itself: 0 to 2 ms, so that reservations overlap.
      await delay((index + turn) % 3);
      seen(await store.settle(key, id, amount));
      settled += amount;
      calls += 1;
    }
  };

  await Promise.all(Array.from({ length: options.callers }, (_, index) => caller(index)));
  return { settled, calls, refused, highestSeen };
}
