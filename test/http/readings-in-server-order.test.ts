/**
 * Readings of one fixed window taken in the order the server made them, not the order their
 * requests were stamped: requests cross on the way (a process paused between its grant and its
 * send, several processes on a loaded machine), and a window's count only grows until its
 * reset. Before: the reading of the request stamped last replaced the ledger with its smaller
 * count, and the later reading (stamped earlier) was ignored, so three processes sharing a quota
 * through Redis granted the units the server had already counted (a 429 in about 1 run in 15
 * under load, `cross-process.test.ts`). Likewise a reset measured from a slow answer's arrival
 * is late by that answer's round trip: a new window read before it looked like a bucket refilling,
 * and the fleet let units "come back" inside a window that had none left.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_BUCKET, grant, observe, plan, remainingAt } from '../../src/http/rate-limit/bucket-math.js';
import type { BucketState } from '../../src/http/rate-limit/rate-limit-store.js';

const START = 1_767_225_600_000;
const LIMIT = 20;
const WINDOW_MS = 5_000;

/** Fields of a fixed window of `LIMIT` a request, with its reset in whole seconds. */
const reading = (remaining: number, resetAt: number, receivedAt: number) => ({
  limit: LIMIT,
  remaining,
  windowMs: WINDOW_MS,
  resetMs: Math.ceil((resetAt - receivedAt) / 1_000) * 1_000,
  source: 'policy-list' as const,
});

function granted(state: BucketState, now: number, count: number): { state: BucketState; stamps: number[] } {
  let next = state;
  const stamps: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const decision = plan(next, now, LIMIT);
    if (decision.kind !== 'go') throw new Error(`expected a grant, got ${decision.kind}`);
    const stamp = now + 0.001 * (index + 1);
    stamps.push(stamp);
    next = grant(next, now, decision.paceTokens, stamp);
  }
  return { state: next, stamps };
}

describe('readings of one window that arrive in another order than their requests were stamped', () => {
  // The window: opened by one request, its reset 5 s on.
  const resetAt = START + WINDOW_MS;
  const opened = observe(EMPTY_BUCKET, reading(LIMIT - 1, resetAt, START + 50), START + 50, START);

  it('a reading that shows more spent stands, though its request was stamped before the held one', () => {
    const { state } = granted(opened, START + 100, 16);
    const stamps = [START + 100.001, START + 100.016];
    // The last stamped reached the server first (4 left), the first stamped after all the others
    // had (1 left): that one's reading arrives last.
    const first = observe(state, reading(4, resetAt, START + 200), START + 200, stamps[1]!);
    const later = observe(first, reading(1, resetAt, START + 260), START + 260, stamps[0]!);
    expect(remainingAt(later, START + 300)).toBeLessThanOrEqual(1);
  });

  it('a reading the server made before the held one does not lower its count', () => {
    const { state } = granted(opened, START + 100, 16);
    const stamps = [START + 100.001, START + 100.016];
    const held = observe(state, reading(1, resetAt, START + 200), START + 200, stamps[0]!);
    // Stamped last but counted earlier at the server: 4 were left then, 1 is now.
    const earlier = observe(held, reading(4, resetAt, START + 260), START + 260, stamps[1]!);
    expect(remainingAt(earlier, START + 300)).toBeLessThanOrEqual(1);
  });

  it('a new window read before a reset measured late (a slow answer) is not taken for a refill', () => {
    const opening = observe(EMPTY_BUCKET, reading(LIMIT - 1, resetAt, START + 50), START + 60, START + 40);
    // Counted by the server at 3.6 s (its reset 2 s on, rounded up), answered 1.4 s later on a busy
    // process: the reset measured from the arrival is 1.9 s later than the server's.
    const slow = observe(opening, reading(2, resetAt, START + 3_600), START + 4_900, START + 3_500);
    // A request sent after that answer arrived, reaching the server in its next window.
    const next = observe(
      slow,
      reading(LIMIT - 1, resetAt + WINDOW_MS, START + 5_050),
      START + 5_100,
      START + 5_030,
    );
    expect(next.gradual).not.toBe(true);
  });
});
