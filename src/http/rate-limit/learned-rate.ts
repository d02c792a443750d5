/**
 * The rate of a quota the service never states, learned from its answers as congestion control
 * learns a path: start modestly and double each second the demand fills the rate (slow start);
 * on a refusal, fall to a little under what the server accepted in the last second
 * (multiplicative decrease) and from there grow slowly while demand fills it (additive
 * increase). Pure functions over {@link BucketState}, so a shared store shares the rate.
 * @module
 */
import type { BucketState } from './rate-limit-store.js';

/** Requests per second before anything is known. */
export const INITIAL_RATE = 10;
/** After a refusal: this share of what the server accepted in the last second. */
const DECREASE = 0.98;
/** Growth per second while demand fills the rate, as a share of the rate (at least 0.1 a second). */
const INCREASE = 0.005;
/** Never below this many requests per second. */
const MIN_RATE = 0.1;
/** Demand "fills" the rate when the last second accepted at least this share of it. */
const FILLED = 0.8;

/** The counts of accepted answers moved on to the second containing `now`. */
function acceptedAt(
  state: BucketState,
  now: number,
): Pick<BucketState, 'acceptedSince' | 'accepted' | 'acceptedBefore'> {
  const since = state.acceptedSince ?? now;
  if (now - since < 1_000)
    return { acceptedSince: since, accepted: state.accepted ?? 0, acceptedBefore: state.acceptedBefore ?? 0 };
  const contiguous = now - since < 2_000;
  return { acceptedSince: now, accepted: 0, acceptedBefore: contiguous ? (state.accepted ?? 0) : 0 };
}

/** A quota first seen without fields: slow start from the initial rate. */
export function startLearning(state: BucketState, now: number): BucketState {
  if (state.learnedRate !== undefined) return state;
  return { ...state, learnedRate: INITIAL_RATE, rateSlowStart: true, rateChangedAt: now };
}

/** The state after an accepted answer at `now`. */
export function accepted(state: BucketState, now: number): BucketState {
  const learning = startLearning(state, now);
  const counts = acceptedAt(learning, now);
  const next = { ...learning, ...counts, accepted: (counts.accepted ?? 0) + 1 };
  const rate = next.learnedRate!;
  const elapsed = now - (next.rateChangedAt ?? now);
  if (elapsed < 1_000 || (next.acceptedBefore ?? 0) < FILLED * rate) return next;
  const grown = next.rateSlowStart ? rate * 2 : rate + Math.max(0.1, INCREASE * rate) * (elapsed / 1_000);
  return { ...next, learnedRate: grown, rateChangedAt: now };
}

/** The state after a refusal at `now`: the rate falls to a little under what was accepted. */
export function refused(state: BucketState, now: number): BucketState {
  const learning = startLearning(state, now);
  // Refusals that crowd in from one burst are one measurement: decrease once a second.
  if (now - (learning.rateCutAt ?? Number.NEGATIVE_INFINITY) < 1_000) return learning;
  const counts = acceptedAt(learning, now);
  const rate = learning.learnedRate!;
  // Slow start overshoots by up to twice: fall back to what the server accepted in the last
  // second; later, a refusal means the rate is only just too high.
  const measured = Math.max(counts.accepted ?? 0, counts.acceptedBefore ?? 0, rate / 2);
  const base = learning.rateSlowStart ? Math.min(rate, measured) : rate;
  return {
    ...learning,
    ...counts,
    learnedRate: Math.max(MIN_RATE, base * DECREASE),
    rateSlowStart: false,
    rateChangedAt: now,
    rateCutAt: now,
    // No burst right after a refusal: the next request waits its turn at the new rate.
    paceTokens: 0,
    paceUpdatedAt: now,
  };
}
