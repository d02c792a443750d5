import { describe, expect, it } from 'vitest';
import { accepted, INITIAL_RATE, refused } from '../../src/http/rate-limit/learned-rate.js';
import type { BucketState } from '../../src/http/rate-limit/rate-limit-store.js';

/** `state` after one accepted answer every `everyMs` from `from` until `to`. */
function acceptEvery(state: BucketState, from: number, to: number, everyMs: number): BucketState {
  let next = state;
  for (let at = from; at < to; at += everyMs) next = accepted(next, at);
  return next;
}

describe('the rate learned for a service that states no quota', () => {
  it('starts modestly and doubles each second the demand fills it', () => {
    const started = accepted({ blockedUntil: 0 }, 0);
    expect(started.learnedRate).toBe(INITIAL_RATE);
    const after = acceptEvery(started, 100, 2_100, 1_000 / INITIAL_RATE);
    expect(after.learnedRate).toBe(INITIAL_RATE * 2);
    expect(after.rateSlowStart).toBe(true);
  });

  it('does not grow while the demand stays below it', () => {
    const idle = acceptEvery(accepted({ blockedUntil: 0 }, 0), 1_000, 5_000, 1_000);
    expect(idle.learnedRate).toBe(INITIAL_RATE);
  });

  it('falls on a refusal to a little under what the server accepted, once for a burst of refusals', () => {
    // Twenty a second asked, ten accepted each second: the server's rate is ten.
    let state: BucketState = { blockedUntil: 0, learnedRate: 20, rateSlowStart: true, rateChangedAt: 0 };
    state = acceptEvery(state, 0, 1_000, 100);
    state = refused(state, 1_050);
    expect(state.learnedRate).toBeCloseTo(9.8, 5);
    expect(state.rateSlowStart).toBe(false);
    expect(refused(state, 1_060).learnedRate).toBe(state.learnedRate);
    expect(refused(state, 2_100).learnedRate).toBeLessThan(state.learnedRate!);
  });

  it('grows slowly after the first refusal while the demand fills it', () => {
    const state: BucketState = { blockedUntil: 0, learnedRate: 10, rateSlowStart: false, rateChangedAt: 0 };
    const grown = acceptEvery(state, 0, 3_000, 100);
    expect(grown.learnedRate).toBeGreaterThan(10);
    expect(grown.learnedRate).toBeLessThan(10.5);
  });
});
