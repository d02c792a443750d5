/**
 * Quotas whose readings say only what is left: no limit, no reset (Heroku's `RateLimit-Remaining`,
 * Azure OpenAI's `x-ratelimit-remaining-requests`). What is left goes as it is asked for, less
 * every request granted since the reading's request (and those still on their way then). When
 * the units come back is learned, never assumed:
 *
 * - a pool that refills as it goes shows it between readings: what came back (the change in
 *   `remaining` plus the grants in between) over the time between their requests is its rate,
 *   one unit taken off so that it is never above the truth;
 * - a window shows it by refilling in steps: a span in which the measured rate would have brought
 *   units back brought none (`stepwise`), and from then on no rate is used; its refusals' waits
 *   say when it comes back, and two of them in different windows how far apart its windows are.
 *
 * No limit is inferred: taken for a limit, the most ever left would make a window read as a
 * bucket that leaks. Until either is learned, a spent quota lets one request go at a time to see.
 * @module
 */
import type { RateLimitObservation } from '../headers/rate-limit.js';
import type { BucketState, CountedRequests } from './rate-limit-store.js';
import { refillBetweenReadings } from './refill-between-readings.js';

/** A refill measured is trusted to show in a span where it would bring back this many units. */
const UNITS_A_REFILL_SHOWS = 3;
/** Without a rate or a stated wait, a refused quota is tried again after this long. */
const UNKNOWN_REFILL_MS = 1_000;
/** A grant no reading has counted yet is kept this long at most. */
const REMEMBERED_GRANT_MS = 60_000;
/** The shortest spacing of refills taken from two refusals' waits. */
const SHORTEST_REFILL_SPACING_MS = 1_000;

type Plan =
  | { readonly kind: 'go'; readonly paceTokens: number }
  | { readonly kind: 'wait'; readonly waitMs: number; readonly reason: 'quota' }
  | { readonly kind: 'unknown' };

/** Whether `observation` is a reading of requests left and nothing else, on a quota without a limit. */
export function readsRemainingOnly(state: BucketState, observation: RateLimitObservation): boolean {
  return (
    observation.remaining !== undefined &&
    observation.limit === undefined &&
    observation.resetMs === undefined &&
    observation.windowMs === undefined &&
    state.limit === undefined &&
    state.learnedRate === undefined
  );
}

/** Whether `state` is such a quota, read at least once. */
export function isRemainingOnly(state: BucketState): boolean {
  return state.limit === undefined && state.remaining !== undefined && state.learnedRate === undefined;
}

function grantsAfter(state: BucketState, stamp: number): number {
  return (state.counted ?? [])
    .filter(([grantedAt]) => grantedAt > stamp)
    .reduce((sum, [, , count]) => sum + count, 0);
}

/** When a quota whose readings state no reset comes back next after `after`, once refusals showed it. */
export function nextRefill(state: BucketState, after: number): number | undefined {
  const { refusedUntil, refillEveryMs } = state;
  if (refusedUntil === undefined) return undefined;
  if (refusedUntil > after) return refusedUntil;
  if (refillEveryMs === undefined) return undefined;
  return refusedUntil + (Math.floor((after - refusedUntil) / refillEveryMs) + 1) * refillEveryMs;
}

/**
 * What a refusal that showed the quota spent, for a request sent at `sentAt`, teaches of when it
 * comes back: its wait ends at `untilMs`; a refusal of a request sent after the last one's wait
 * ended is a later window's, and the gap between the two waits' ends is a whole number of
 * windows (the smallest gap seen is taken for one). A request sent before the last wait ended
 * was refused for that wait again.
 */
export function refillAfterRefusal(
  state: BucketState,
  untilMs: number,
  sentAt: number,
): Partial<BucketState> {
  const previous = state.refusedUntil;
  if (previous === undefined) return { refusedUntil: untilMs };
  if (sentAt < previous) return {};
  const gapMs = untilMs - previous;
  if (gapMs < SHORTEST_REFILL_SPACING_MS) return { refusedUntil: Math.max(previous, untilMs) };
  return { refusedUntil: untilMs, refillEveryMs: Math.min(state.refillEveryMs ?? gapMs, gapMs) };
}

/**
 * The rate measured from the reading of `remaining` for the request sent at `sentAt`, with
 * `grants` granted up to it: from the reading the measurement started at (the span grows, so
 * the unit taken off weighs less), restarted where the pool may have stood full. And whether the
 * span since the previous reading shows the quota comes back in steps.
 */
function measured(state: BucketState, remaining: number, highest: number, sentAt: number, grants: number) {
  const { leakPerMs, readingSentAt, remaining: before, readingGrants } = state;
  if (
    leakPerMs !== undefined &&
    readingSentAt !== undefined &&
    before !== undefined &&
    readingGrants !== undefined
  ) {
    const spanMs = sentAt - readingSentAt;
    const cameBack = remaining - before + (grants - readingGrants);
    // Nothing back where the rate would have brought several units, the pool not full: a window.
    if (cameBack <= 0 && before < highest && spanMs * leakPerMs >= UNITS_A_REFILL_SHOWS)
      return {
        leakFromSentAt: sentAt,
        leakFromRemaining: remaining,
        leakFromGrants: grants,
        stepwise: true as const,
      };
  }
  return refillBetweenReadings(state, remaining, highest, sentAt, grants);
}

/**
 * The state after a reading of `remaining` alone arrived at `receivedAt` for the request granted
 * at `sentAt`, `inFlight` requests on the quota still on their way (from every process).
 */
export function observeRemainingOnly(
  state: BucketState,
  remaining: number,
  receivedAt: number,
  sentAt: number,
  inFlight: number,
): BucketState {
  if (sentAt < (state.readingSentAt ?? Number.NEGATIVE_INFINITY)) return state;
  const highest = Math.max(state.remainingHigh ?? 0, remaining);
  const later = grantsAfter(state, sentAt);
  const grants = (state.grantsTotal ?? 0) - later;
  const rate = state.stepwise ? {} : measured(state, remaining, highest, sentAt, grants);
  const { leakPerMs: _rate, ...rest } = state;
  return {
    // Measured or not, a window's rate is never used.
    ...(state.stepwise || 'stepwise' in rate ? rest : state),
    ...rate,
    // The grants up to the reading's request are in its count; only later ones are kept.
    counted: (state.counted ?? []).filter(([grantedAt]) => grantedAt > sentAt),
    remaining,
    remainingHigh: highest,
    readingGrants: grants,
    readingSentAt: sentAt,
    readingReceivedAt: Math.max(receivedAt, state.readingReceivedAt ?? receivedAt),
    // Those on their way sent before the reading's request may take their units yet.
    offerRemaining: remaining - Math.max(0, inFlight - later),
    offerReadAt: receivedAt,
    offerSentAt: sentAt,
    offerSince: sentAt,
  };
}

/** Whether a request may go at `now` on such a quota, and if not, how long to wait. */
export function planRemainingOnly(state: BucketState, now: number): Plan {
  const { offerRemaining, offerReadAt, offerSince } = state;
  if (offerRemaining === undefined || offerReadAt === undefined || offerSince === undefined)
    return { kind: 'unknown' };
  const since = grantsAfter(state, offerSince);
  const leakPerMs = state.stepwise ? undefined : state.leakPerMs;
  if (leakPerMs !== undefined && leakPerMs > 0) {
    const level = Math.min(
      state.remainingHigh ?? offerRemaining,
      offerRemaining + (now - offerReadAt) * leakPerMs,
    );
    if (Math.floor(level) - since >= 1) return { kind: 'go', paceTokens: 1 };
    return { kind: 'wait', waitMs: Math.max(1, (since + 1 - level) / leakPerMs), reason: 'quota' };
  }
  // A window: the reading holds until the window it was read in ends, if refusals showed when.
  const refill = nextRefill(state, offerReadAt);
  if (refill !== undefined && refill <= now) return { kind: 'unknown' };
  if (offerRemaining - since >= 1) return { kind: 'go', paceTokens: 1 };
  if (refill !== undefined) return { kind: 'wait', waitMs: Math.max(1, refill - now), reason: 'quota' };
  return { kind: 'unknown' };
}

/**
 * The state after such a quota refused a request sent at `sentAt` without saying how long to
 * wait (Heroku's 429): a measured rate was too high, halved; without one, nothing is tried
 * for a while.
 */
export function refusedWithoutWait(state: BucketState, receivedAt: number, sentAt: number): BucketState {
  if (!isRemainingOnly(state)) return state;
  const { leakPerMs } = state;
  if (leakPerMs !== undefined && !state.stepwise) {
    if (sentAt < (state.leakCutUntil ?? Number.NEGATIVE_INFINITY)) return state;
    const halved = leakPerMs / 2;
    // Measured afresh from the next reading.
    const {
      leakFromSentAt: _sentAt,
      leakFromRemaining: _remaining,
      leakFromGrants: _grants,
      ...rest
    } = state;
    return {
      ...rest,
      leakPerMs: halved,
      leakCutUntil: receivedAt + 1 / halved,
      offerRemaining: 0,
      offerReadAt: receivedAt,
      offerSince: sentAt,
    };
  }
  return { ...state, blockedUntil: Math.max(state.blockedUntil, receivedAt + UNKNOWN_REFILL_MS) };
}

/**
 * The ledger of such a quota once a request is granted at `grantedAt`: kept until a reading of a
 * later request counts it (see `observeRemainingOnly`), or a minute at most.
 */
export function remainingOnlyGrant(
  counted: readonly CountedRequests[],
  grantedAt: number,
  now: number,
): CountedRequests[] {
  return [...counted, [grantedAt, now + REMEMBERED_GRANT_MS, 1]];
}
