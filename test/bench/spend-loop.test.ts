/**
 * The spend benchmark's callers, on a small budget: they stop only when even the cheapest call no
 * longer fits, never pass the budget, and use nearly all of it.
 */
import { describe, expect, it } from 'vitest';
import { PRICES, spendUntilFull } from '../../bench/spend/spend-loop.js';
import { MemoryBudgetStore, toMicros } from '../../src/spend/index.js';

describe('the spend benchmark loop', () => {
  it('spends a budget to within the cheapest price and never past it', async () => {
    const store = new MemoryBudgetStore();
    const limit = toMicros(2);
    const report = await spendUntilFull({ store, key: 'b', limit, callers: 20, tag: 't', seed: 0 });
    const totals = await store.read('b');
    expect(totals).toEqual({ reserved: 0, settled: report.settled });
    expect(report.settled).toBeLessThanOrEqual(limit);
    expect(limit - report.settled).toBeLessThan(toMicros(PRICES[0]));
    expect(report.highestSeen).toBeLessThanOrEqual(limit);
    expect(report.calls).toBeGreaterThan(20);
  });
});
