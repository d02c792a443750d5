/**
 * A window's readings taken on a loaded machine, or from a fleet sharing one state: answers come
 * back late (the event loop, a slow store write between a grant's stamp and its send) and in
 * another order than their grants were stamped. None of that may read as a bucket that refills,
 * nor cut a request's count short. Before, three processes sharing one Redis state, under CPU
 * load, took an aligned 5 s window for a refilling bucket (a request stamped later reached the
 * server earlier and showed more left; a slow answer made the reset seem to move a second later)
 * and let units "come back" before the reset, or let a probe's count end 25 ms after its grant
 * although it reached the server 400 ms later: each time one 429 (`cross-process.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import type { RateLimitObservation } from '../../src/http/index.js';
import { EMPTY_BUCKET, grant, observe, remainingAt } from '../../src/http/rate-limit/bucket-math.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);

/** Fields without a declared window, the reset in whole seconds. */
const reading = (limit: number, remaining: number, resetMs: number) =>
  ({ limit, remaining, resetMs, source: 'x-ratelimit' }) satisfies RateLimitObservation;

describe('a window read late and out of order', () => {
  it('is not a refilling bucket when a request stamped later reached the server first', () => {
    // (state, reading, receivedAt, sentAt)
    let state = observe(EMPTY_BUCKET, reading(20, 19, 5_000), START + 100, START);
    // Two processes: A stamped at +200 but sent after a slow store write; B stamped at +201
    // reached the server first (17 left), A after it (16 left). A's answer is read first.
    state = observe(state, reading(20, 16, 5_000), START + 300, START + 200);
    state = observe(state, reading(20, 17, 5_000), START + 310, START + 201);
    expect(state.gradual).toBeUndefined();
    // The count stands until the reset: no unit comes back before it.
    expect(remainingAt(state, START + 2_000)).toBeLessThanOrEqual(20 - 4);
  });

  it('is not a refilling bucket when a slow answer makes the reset seem a second later', () => {
    // The window ends at START + 3000: read at once, exactly.
    let state = observe(EMPTY_BUCKET, reading(20, 19, 3_000), START, START);
    // Counted at +10 (2.99 s left, "3"), but its answer read 1.09 s later.
    state = observe(state, reading(20, 18, 3_000), START + 1_100, START + 10);
    expect(state.gradual).toBeUndefined();
  });

  it('keeps counting a request that reached the server long after its grant, until the reset it was told', () => {
    // A window of 5 s, learned from a request that opened one a while ago (it is over now).
    let state = observe(EMPTY_BUCKET, reading(20, 19, 5_000), START - 6_000, START - 6_010);
    expect(state.windowMs).toBe(5_000);
    // Granted at START, it opened the next window when it reached the server, which may have
    // been as late as its answer, read 400 ms later.
    state = grant(state, START, 1, START);
    state = observe(state, reading(20, 19, 5_000), START + 400, START);
    // A window opened at +399 ends at +5399: a count ending 25 ms after a window from the
    // grant would let a 21st request go in it.
    expect(remainingAt(state, START + 5_100)).toBe(19);
    expect(remainingAt(state, START + 5_401)).toBe(20);
  });

  it('does not let a later, quick answer cut short what a slow one showed', () => {
    let state = observe(EMPTY_BUCKET, reading(20, 19, 5_000), START - 6_000, START - 6_010);
    state = grant(state, START, 1, START);
    state = observe(state, reading(20, 19, 5_000), START + 400, START);
    // A second request of the same window, answered in 3 ms: its round trip says nothing of the
    // first one's.
    state = grant(state, START + 1_000, 1, START + 1_000);
    state = observe(state, reading(20, 18, 5_000), START + 1_003, START + 1_000);
    expect(remainingAt(state, START + 5_100)).toBe(18);
  });
});
