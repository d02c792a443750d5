import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../src/http/index.js';
import { observe, rollOver } from '../../src/http/rate-limit/bucket-math.js';
import { describeGovernorSuite, quota } from './support/governor-suite.js';

// The store-dependent tests are one suite, run here in memory and in `redis/` against a real Redis.
describeGovernorSuite({
  name: 'the memory store',
  open: async (count, clock) => {
    const store = new MemoryRateLimitStore(() => clock.now());
    return Array.from({ length: count }, () => store);
  },
});

describe('bucket arithmetic', () => {
  const base = { blockedUntil: 0 };

  it('ignores a late answer from an older window', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 9, resetAt: 120_000 };
    expect(observe(state, quota(10, 0, 1), 61_000, 0)).toMatchObject({ remaining: 9, resetAt: 120_000 });
  });

  it('adopts a newer window, counting requests still in flight against it', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 1, resetAt: 60_000 };
    expect(observe(state, quota(10, 8, 59), 10_000, 2)).toMatchObject({ remaining: 6, resetAt: 69_000 });
  });

  it('keeps the lower count and the earlier reset within one window', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 5, resetAt: 60_500 };
    expect(observe(state, quota(10, 3, 50), 10_000, 0)).toMatchObject({ remaining: 3, resetAt: 60_000 });
    expect(observe(state, quota(10, 7, 50), 10_000, 0)).toMatchObject({ remaining: 5 });
  });

  it('rolls a known quota over into the next window at the reset', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 0, resetAt: 60_000 };
    expect(rollOver(state, 59_999)).toBe(state);
    expect(rollOver(state, 60_000)).toMatchObject({ remaining: 10, resetAt: 120_000 });
    expect(rollOver(state, 185_000)).toMatchObject({ remaining: 10, resetAt: 240_000 });
    expect(rollOver({ ...base, remaining: 0, resetAt: 5 }, 6)).toEqual(base);
  });
});
