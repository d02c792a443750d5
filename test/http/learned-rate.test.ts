import { describe, expect, it } from 'vitest';
import { grant, plan } from '../../src/http/rate-limit/bucket-math.js';
import { accepted, declared, INITIAL_RATE, refused } from '../../src/http/rate-limit/learned-rate.js';
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
    state = refused(state, 1_050, 1_000);
    expect(state.learnedRate).toBeCloseTo(9.8, 5);
    expect(state.rateSlowStart).toBe(false);
    expect(refused(state, 1_060, 1_000).learnedRate).toBe(state.learnedRate);
    expect(refused(state, 3_100, 1_000).learnedRate).toBeLessThan(state.learnedRate!);
  });

  it('takes a refusal within the wait the server stated as that wait, not as a rate too high', () => {
    // A window's quota refused at 2.6 s with "8s" (its end at 10 s, rounded up to 10.6 s).
    let state: BucketState = { blockedUntil: 0, learnedRate: 10, rateSlowStart: false, rateChangedAt: 0 };
    state = refused(state, 2_600, 8_000, () => 0.5, 2_590);
    const cut = state.learnedRate!;
    // Unblocked a rounding early (9.6 s): the request sent then is refused with "1s".
    expect(state.blockedUntil).toBe(9_600);
    const again = refused(state, 9_610, 1_000, () => 0.5, 9_600);
    expect(again.learnedRate).toBe(cut);
    // Nothing more goes until the earliest end stated, rather than knocking each second.
    expect(again.blockedUntil).toBe(10_600);
    // After the stated end, a refusal is a measurement again.
    expect(refused(again, 12_000, 1_000, () => 0.5, 11_000).learnedRate).toBeLessThan(cut);
  });

  it('narrows the margin left on stated waits once a request sent inside it was refused', () => {
    // A window's quota on the clock's 10 s, its waits in whole seconds rounded up (Google's
    // `RetryInfo`): refused at 4.5 s with "6s", the quota unblocked a second early (9.5 s).
    let state: BucketState = { blockedUntil: 0, learnedRate: 10, rateSlowStart: false, rateChangedAt: 0 };
    state = refused(state, 4_500, 6_000, () => 0.5, 4_490);
    expect(state.blockedUntil).toBe(9_500);
    // The request sent then is refused inside the margin ("1s"): the waits were not early.
    state = refused(state, 9_510, 1_000, () => 0.5, 9_500);
    // The next window refused at 14.5 s with "6s": unblocked half a second early, not a second.
    const next = refused(state, 14_500, 6_000, () => 0.5, 14_490);
    expect(next.blockedUntil).toBe(20_000);
  });

  it('climbs back quickly to just under the rate refused, then probes beyond it slowly', () => {
    // Refused at 10.2 a second: the cut is small, the climb back fast, the probe slow.
    const state: BucketState = { blockedUntil: 0, learnedRate: 10.2, rateSlowStart: false, rateChangedAt: 0 };
    const cut = refused(acceptEvery(state, 0, 1_000, 100), 1_000, 1_000);
    expect(cut.learnedRate).toBeCloseTo(0.98 * 10.2, 5);
    const climbed = acceptEvery(cut, 1_000, 6_000, 95);
    expect(climbed.learnedRate).toBeGreaterThan(0.985 * 10.2);
    expect(climbed.learnedRate).toBeLessThanOrEqual(0.99 * 10.2);
    // Ten more seconds of full demand reach the rate refused again, not much beyond.
    const probed = acceptEvery(climbed, 6_000, 16_000, 95);
    expect(probed.learnedRate).toBeGreaterThan(10.2);
    expect(probed.learnedRate).toBeLessThan(10.3);
  });

  it('measures the rate between two refusals that state no wait: what was admitted between them', () => {
    // A bucket refilling 5 a second, the learned rate at 7: refused at 1 s, then 25 admitted in
    // the 5 s until the next refusal. The rate goes just under 5 at once (a cut of a share per
    // refusal took several refusals to get there).
    const state: BucketState = { blockedUntil: 0, learnedRate: 7, rateSlowStart: false, rateChangedAt: 0 };
    const first = refused(state, 1_000, undefined, () => 0.5);
    const between = acceptEvery(first, 1_200, 6_200, 200);
    const second = refused(between, 6_000, undefined, () => 0.5);
    expect(second.refusedRate).toBeCloseTo(5, 5);
    expect(second.learnedRate).toBeCloseTo(0.98 * 5, 5);
    // A refusal that states its wait (a window's, until its end) measures no rate this way.
    const stated = refused(between, 6_000, 4_000, () => 0.5);
    expect(stated.refusedRate).toBeCloseTo(first.learnedRate!, 5);
  });

  it('halves when refusals go on after a cut: the limit is far lower than the rate', () => {
    const state: BucketState = { blockedUntil: 0, learnedRate: 10, rateSlowStart: false, rateChangedAt: 0 };
    const cut = refused(state, 1_000, 1_000);
    expect(cut.learnedRate).toBeCloseTo(9.8, 5);
    expect(refused(cut, 2_500, 1_000).learnedRate).toBeCloseTo(4.9, 5);
    // A refusal long after the cut is a lone one again: a small cut.
    expect(refused(cut, 9_000, 1_000).learnedRate).toBeCloseTo(0.98 * 9.8, 5);
  });

  it('sends nothing before the least time the Retry-After can mean, its whole seconds rounded up', () => {
    const state: BucketState = { blockedUntil: 0, learnedRate: 10, rateSlowStart: false, rateChangedAt: 0 };
    // "Retry-After: 1" (or a date within the next second) may mean a few milliseconds: no block.
    expect(refused(state, 5_000, 1_000).blockedUntil).toBeLessThanOrEqual(5_000);
    // "Retry-After: 4": nothing frees up for at least three seconds, whichever request asks.
    const blocked = refused(state, 5_000, 4_000);
    expect(blocked.blockedUntil).toBe(8_000);
    // Refusals of the same burst still block, though they cut the rate only once.
    expect(refused(blocked, 5_100, 5_000).blockedUntil).toBe(9_100);
  });

  it('grows slowly after the first refusal while the demand fills it', () => {
    const state: BucketState = { blockedUntil: 0, learnedRate: 10, rateSlowStart: false, rateChangedAt: 0 };
    const grown = acceptEvery(state, 0, 3_000, 100);
    expect(grown.learnedRate).toBeGreaterThan(10);
    expect(grown.learnedRate).toBeLessThan(10.5);
  });

  it('paces evenly: the jitter moves a request later, and the next goes that much sooner', () => {
    // Ten a second: one request every 100 ms.
    const paced: BucketState = { blockedUntil: 0, learnedRate: 10, paceTokens: 0, paceUpdatedAt: 0 };
    expect(plan(paced, 99, 2).kind).toBe('wait');
    // The jitter held the request due at 100 until 108: the next is still due at 200.
    const late = plan(paced, 108, 2);
    if (late.kind !== 'go') throw new Error('the request should go');
    const granted = grant(paced, 108, late.paceTokens);
    expect(plan(granted, 199, 2).kind).toBe('wait');
    expect(plan(granted, 200, 2).kind).toBe('go');
    // After a quiet spell, no burst: the second request waits nine tenths of the interval.
    const idle = plan(granted, 10_000, 2);
    if (idle.kind !== 'go') throw new Error('the request should go');
    const first = grant(granted, 10_000, idle.paceTokens);
    expect(plan(first, 10_089, 2).kind).toBe('wait');
    expect(plan(first, 10_090, 2).kind).toBe('go');
  });
});

describe('a rate declared before any answer (a documented token bucket)', () => {
  const start = declared({ blockedUntil: 0 }, { ratePerSecond: 5, depth: 20 }, 0);

  it('is kept to however long it holds demand back: a ceiling, as Bottleneck keeps to what it is told', () => {
    // The demand fills it from its second second on; a minute of it moves nothing.
    const held = acceptEvery(start, 0, 60_000, 200);
    expect(held.learnedRate).toBe(5);
    expect(held.rateCeiling).toBe(5);
    expect(held.rateSlowStart).toBe(false);
  });

  it('is dropped by a refusal at or below it: the rate is then learned as without a declaration', () => {
    const refusedBelow = refused(acceptEvery(start, 0, 2_000, 200), 2_000, undefined, () => 0.5, 1_990);
    expect(refusedBelow.rateCeiling).toBeUndefined();
    expect(refusedBelow.rateDepth).toBeUndefined();
    expect(refusedBelow.learnedRate).toBeLessThan(5);
    // Declared again (a process joining the fleet): what the refusal taught stands.
    expect(declared(refusedBelow, { ratePerSecond: 5, depth: 20 }, 3_000)).toBe(refusedBelow);
  });
});
