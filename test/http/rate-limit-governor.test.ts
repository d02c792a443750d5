import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../src/http/index.js';
import { grant, observe, remainingAt, rollOver } from '../../src/http/rate-limit/bucket-math.js';
import { describeGovernorSuite, quota } from './support/governor-suite.js';

// The store-dependent tests are one suite, run here in memory and in `redis/` against a real Redis.
describeGovernorSuite({
  name: 'the memory store',
  open: async (count, clock) => {
    const store = new MemoryRateLimitStore(() => clock.now());
    return Array.from({ length: count }, () => store);
  },
});

describe('bucket arithmetic: a ledger of counted requests', () => {
  const base = { blockedUntil: 0 };

  it('counts the requests the server counted until the reset it announced, ours the most recent', () => {
    // Three of ours, granted at 1, 2 and 3 s; the answer to the one at 3 s says 7 left of 10 until 60 s.
    const state = {
      ...base,
      limit: 10,
      windowMs: 60_000,
      counted: [
        [1_000, 61_025, 1],
        [2_000, 61_025, 1],
        [3_000, 61_025, 1],
      ] as const,
    };
    const after = observe(state, quota(10, 7, 57), 3_000, 3_000);
    expect(after.counted).toEqual([
      [1_000, 60_000, 1],
      [2_000, 60_000, 1],
      [3_000, 60_000, 1],
    ]);
    expect(remainingAt(after, 59_999)).toBe(7);
    expect(remainingAt(after, 60_000)).toBe(10);
  });

  it('counts requests of others (another process) at the send, until the reset', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, counted: [[5_000, 65_025, 1]] as const };
    const after = observe(state, quota(10, 4, 30), 5_000, 5_000);
    expect(remainingAt(after, 6_000)).toBe(4);
    expect(remainingAt(after, 35_000)).toBe(10);
  });

  it('leaves alone what was granted after the answered request, so a late answer changes no newer window', () => {
    const state = {
      ...base,
      limit: 10,
      windowMs: 1_000,
      counted: [
        [900, 1_000, 1],
        [1_100, 2_125, 1],
      ] as const,
    };
    // The answer to the request of 900 ms arrives at 1.2 s, from the window that ended at 1 s.
    const after = observe(state, quota(10, 0, 0, 1), 1_200, 900);
    expect(after.counted).toContainEqual([1_100, 2_125, 1]);
    expect(remainingAt(after, 1_200)).toBe(9);
  });

  it('assumes no window after a reset: a request sent then counts a whole window from its send', () => {
    const state = {
      ...base,
      limit: 2,
      windowMs: 60_000,
      resetAt: 60_000,
      counted: [[0, 60_000, 2]] as const,
    };
    expect(rollOver(state, 60_000).counted).toEqual([]);
    const granted = grant(rollOver(state, 61_000), 61_000, 3);
    expect(granted.counted).toEqual([[61_000, 121_025, 1]]);
  });

  it('never counts a request longer than a known window after its send, whatever rounded reset was announced', () => {
    const state = { ...base, limit: 10, windowMs: 1_000, counted: [[10_400, 11_425, 1]] as const };
    // A reset in whole seconds, rounded up: 1 s from 10.4 s, though the aligned window ends at 11 s.
    const after = observe(state, quota(10, 9, 1, 1), 10_400, 10_400);
    expect(after.counted).toEqual([[10_400, 11_400, 1]]);
  });
});
