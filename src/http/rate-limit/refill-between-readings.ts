/**
 * A bucket's refill rate measured between two readings of what is left, for a leaky bucket that
 * states its depth (Shopify's `32/40`) and a pool stated only by what remains (Heroku's
 * `RateLimit-Remaining`) alike.
 * @module
 */
import type { BucketState } from './rate-limit-store.js';

/** Readings closer than this measure nothing: one unit's rounding would swamp the rate. */
const SHORTEST_SPAN_MS = 1_000;

/**
 * What the reading of `remaining` for the request sent at `sentAt`, with `grants` granted on the
 * quota up to it (every governor's), teaches of the refill rate (`leakPerMs`). Between the
 * reading the measurement started at (`leakFrom*`) and this one, `remaining` changed by what came
 * back less what was granted; over the time between their sends, that is the rate. Readings are
 * whole units (a level rounded down), so one unit is taken off what came back: the rate is never
 * above the truth, and grows exact as the span grows. A bucket that may have filled up to `depth`
 * in between stopped refilling then: what came back is only a lower bound, and the measurement
 * starts again from this reading.
 */
export function refillBetweenReadings(
  state: BucketState,
  remaining: number,
  depth: number,
  sentAt: number,
  grants: number,
): Partial<BucketState> {
  const from = { leakFromSentAt: sentAt, leakFromRemaining: remaining, leakFromGrants: grants };
  const { leakFromSentAt, leakFromRemaining, leakFromGrants } = state;
  if (leakFromSentAt === undefined || leakFromRemaining === undefined || leakFromGrants === undefined)
    return from;
  const spanMs = sentAt - leakFromSentAt;
  if (spanMs < SHORTEST_SPAN_MS) return {};
  const cameBack = remaining - leakFromRemaining + (grants - leakFromGrants);
  const rate = Math.max(0, cameBack - 1) / spanMs;
  // Enough came back to fill it: it may have stood full for a while, refilling nothing.
  if (cameBack >= depth - leakFromRemaining)
    return { ...from, ...(rate > (state.leakPerMs ?? 0) ? { leakPerMs: rate } : {}) };
  return rate > 0 ? { leakPerMs: rate } : {};
}
