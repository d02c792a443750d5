/**
 * What a fleet's answers teach one shared bucket state, when they arrive out of order (several
 * processes, real latencies) and when grants land near a window's reset. Before: an answer
 * older than the reading the ledger held rewrote the ledger from its older count, and the
 * newer reading's accounting stayed as well (Anthropic's fleet ran 2.5x the least time, its
 * bucket counted twice over); a window's counts read out of order looked like a bucket
 * refilling (three processes on the emulator met 1-2 refusals in 2 runs of 4); a grant just
 * before the reset stopped counting at the reset even if it reached the server after it.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_BUCKET, grant, observe, plan, remainingAt } from '../../src/http/rate-limit/bucket-math.js';
import type { BucketState } from '../../src/http/rate-limit/rate-limit-store.js';
import { refillingBucket } from './support/refilling-bucket.js';

const START = 1_767_225_600_000;

function granted(state: BucketState, now: number, stamps: readonly number[]): BucketState {
  let next = state;
  for (const stamp of stamps) {
    const decision = plan(next, now, undefined);
    if (decision.kind !== 'go') throw new Error(`expected a grant, got ${decision.kind}`);
    next = grant(next, now, decision.paceTokens, stamp);
  }
  return next;
}

describe('answers that arrive out of order', () => {
  it('an answer older than the reading the ledger holds does not count its requests again', () => {
    const now = START + 1_000;
    const before = granted(refillingBucket(START), now, [now + 0.001, now + 0.002]);
    const reading = (remaining: number) => ({
      limit: 60,
      remaining,
      resetMs: 1_000 * (60 - remaining),
      source: 'x-ratelimit' as const,
    });
    const newer = observe(before, reading(40), now + 50, now + 0.002);
    const both = observe(newer, reading(41), now + 60, now + 0.001);
    expect(remainingAt(both, now + 60)).toBe(remainingAt(newer, now + 60));
  });

  it('a window read out of order is not taken for a bucket that refills', () => {
    const reading = (remaining: number) => ({
      limit: 20,
      remaining,
      resetMs: 5_000,
      source: 'x-ratelimit' as const,
    });
    const first = observe(EMPTY_BUCKET, reading(19), START + 10, START);
    const spent = observe(first, reading(3), START + 620, START + 100);
    // Sent before the last reading arrived, counted by the server before it: more left, no refill.
    expect(observe(spent, reading(5), START + 700, START + 600).gradual).not.toBe(true);
    // Sent after it arrived and showing more left well before the reset: units came back.
    expect(observe(spent, reading(5), START + 700, START + 650).gradual).toBe(true);
  });
});

describe('a grant near the reset', () => {
  const window: BucketState = {
    ...EMPTY_BUCKET,
    limit: 10,
    windowMs: 10_000,
    remaining: 5,
    resetAt: START + 1_000,
    windowed: true,
    roundTripMs: 50,
  };
  const expiry = (state: BucketState) => state.counted!.at(-1)![1];

  it('counts until the reset when it reaches the server well before it', () => {
    expect(expiry(granted(window, START + 900, [START + 900]))).toBe(START + 1_000);
  });

  it('counts into the next window when it may reach the server after the reset', () => {
    expect(expiry(granted(window, START + 980, [START + 980]))).toBeGreaterThan(START + 10_000);
  });
});

describe('a ledger full enough to merge its newest grants', () => {
  it('an answer to a request merged into a later group does not count it twice', () => {
    // 46 requests of an earlier burst, each counting until a window after its own grant (as an
    // answer leaves them): merging any two of them moves one by 10 ms.
    const counted = Array.from({ length: 46 }, (_, index): readonly [number, number, number] => [
      START + index * 10,
      START + index * 10 + 10_025,
      1,
    ]);
    const full: BucketState = {
      ...EMPTY_BUCKET,
      limit: 100,
      windowMs: 10_000,
      remaining: 54,
      resetAt: START + 10_000,
      windowed: true,
      counted,
    };
    const now = START + 1_800;
    // Three grants of one burst, counting until one reset: past 48 groups, the first two merge,
    // the merged group stamped with the second's grant.
    const stamps = [now + 0.001, now + 0.002, now + 0.003];
    const before = granted(full, now, stamps);
    expect(before.counted).toHaveLength(48);
    // The answer to the first: the server counted the 46 and it, nothing else.
    const reading = {
      limit: 100,
      remaining: 53,
      resetMs: 8_200,
      windowMs: 10_000,
      source: 'dictionary' as const,
    };
    const after = observe(before, reading, now + 5, stamps[0]!);
    // Before: the first, taken for sent after its answer's request (merged into the second's
    // group), was counted again as someone else's: 50 where 49 went, one unit lost per merge.
    expect(remainingAt(after, now + 5)).toBe(100 - 49);
  });
});

describe('a burst larger than the ledger keeps in separate groups', () => {
  // GitHub's window opening in a fleet (four processes, 100 a window): once the grants after a
  // reading outnumbered the ledger's groups, merges stamped the 11 requests the reading had
  // counted as granted after it, and the offer took them off a second time: each window's last
  // 7-10 went at the quota's pace, over a second or two, instead of with the burst.
  it('what a reading said was left goes at once, and no more', () => {
    const limit = 100;
    const reading = (remaining: number) => ({
      limit,
      remaining,
      resetMs: 10_000,
      source: 'x-ratelimit' as const,
    });
    // Stamps a microsecond apart, answers within the same millisecond (a virtual clock's fleet).
    const stamps = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => START + (from + index) / 1_000);
    const window: BucketState = { ...EMPTY_BUCKET, limit, windowMs: 10_000, windowed: true };
    const [first, ...opening] = stamps(1, 11);
    const firstRead = observe(granted(window, START, [first!]), reading(limit - 1), START, first!);
    const opened = granted(firstRead, START, opening);
    const read = observe(opened, reading(limit - 11), START, opening.at(-1)!);
    const spent = granted(read, START, stamps(12, limit - 11));
    expect(plan(spent, START, undefined)).toMatchObject({ kind: 'wait', reason: 'quota' });
  });
});
