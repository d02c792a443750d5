/**
 * The rate of a quota the service never states, learned from its answers as congestion control
 * learns a path: start modestly and double each second the demand fills the rate (slow start);
 * on a refusal, fall a little under the rate that was refused (multiplicative decrease, halving
 * when refusals go on after a cut), climb back quickly to just under it, and from there grow
 * slowly while demand fills it (additive increase). Pure functions over {@link BucketState}, so
 * a shared store shares the rate.
 *
 * Each refusal costs a request, so what matters is how often the rate crosses the limit: the
 * rate that was refused is remembered, the climb stops a percent under it, and only a slow
 * probe goes further, about one refusal per ten seconds of full demand (a plain additive
 * increase crossed the limit every two or three seconds, 12 refusals in 400 requests).
 * @module
 */
import type { BucketState } from './rate-limit-store.js';

/** Requests per second before anything is known. */
export const INITIAL_RATE = 10;
/** After a lone refusal: fall by this share of the rate refused (in slow start, of what the server accepted). */
const CUT = 0.02;
/** Refusals again this soon after a cut: it did not suffice (the limit is far lower, or its window longer)... */
const REPEATED_WITHIN_MS = 2_000;
/** ...then fall by this share, as congestion control halves. */
const REPEATED_CUT = 0.5;
/** After a cut the rate climbs back, half the way each second, to this share of the rate refused. */
const PLATEAU = 0.99;
/** Above that, growth per second while demand fills the rate, as a share of the rate. */
const PROBE = 0.001;
/** Never below this many requests per second. */
const MIN_RATE = 0.1;
/** Demand "fills" the rate when the last second accepted at least this share of it. */
const FILLED = 0.8;
/** A refusal without `Retry-After` blocks the quota this long, doubled for each in a row... */
const FIRST_BACKOFF_MS = 250;
/** ...up to this. */
const LONGEST_BACKOFF_MS = 30_000;
/**
 * `Retry-After` counts whole seconds, rounded up by most servers: the wait may be this much
 * shorter. Each refusal of a request sent inside that margin halves the margin kept for the quota
 * (`waitMarginMs`): its waits proved not early, and each early request costs a refusal (Google's
 * `RetryInfo` of whole seconds: one more refusal in every window).
 */
const RETRY_AFTER_ROUNDING_MS = 1_000;
/** Refusals at least this far apart measure the rate between them (`refillBetweenRefusals`). */
const SHORTEST_REFILL_SPAN_MS = 1_000;

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

/** The rate after `elapsedMs` (a second or more) of demand that filled it. */
function grown(state: BucketState, elapsedMs: number): number {
  const rate = state.learnedRate!;
  if (state.rateSlowStart) return rate * 2;
  // A state stored before the refused rate was kept: take the current rate as the one refused.
  const plateau = PLATEAU * (state.refusedRate ?? rate);
  return rate + Math.max((plateau - rate) / 2, PROBE * rate * (elapsedMs / 1_000));
}

/**
 * A quota declared before any answer (a documented token bucket: `ratePerSecond` back each
 * second, `depth` at once when full) as the ceiling of its learned rate: kept to from the first
 * request and never passed, as Bottleneck keeps to what it is told (a developer who states the
 * documented limit expects it kept, and some services ban clients that send past it); a refusal
 * at or below it drops it (`refused`), and the rate is learned from there.
 */
export function declared(
  state: BucketState,
  declaration: { readonly ratePerSecond: number; readonly depth: number },
  now: number,
): BucketState {
  // Declared again (another process of a fleet joining, a second publish): what the answers
  // taught of it since stands.
  if (state.learnedRate !== undefined) return state;
  return {
    ...state,
    learnedRate: declaration.ratePerSecond,
    rateCeiling: declaration.ratePerSecond,
    rateDepth: declaration.depth,
    rateSlowStart: false,
    rateChangedAt: now,
  };
}

/** The state after an accepted answer at `now`. */
export function accepted(state: BucketState, now: number): BucketState {
  const learning = startLearning(state, now);
  const counts = acceptedAt(learning, now);
  const next = {
    ...learning,
    ...counts,
    accepted: (counts.accepted ?? 0) + 1,
    ...(learning.acceptedSinceCut !== undefined ? { acceptedSinceCut: learning.acceptedSinceCut + 1 } : {}),
    refusalStreak: 0,
  };
  const elapsed = now - (next.rateChangedAt ?? now);
  const filled = (next.acceptedBefore ?? 0) >= FILLED * next.learnedRate!;
  if (next.rateCeiling !== undefined) return next;
  if (elapsed < 1_000 || !filled) return next;
  return { ...next, learnedRate: grown(next, elapsed), rateChangedAt: now };
}

/**
 * How long a refusal without `Retry-After` blocks the quota: exponential backoff with full
 * jitter over the refusals in a row, so that a crowd refused together does not return together.
 */
export function backoffMs(streak: number, random: () => number): number {
  const ceiling = Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(streak, 20));
  return ceiling / 2 + (random() * ceiling) / 2;
}

/**
 * The state after a refusal at `now` that asked to wait `retryAfterMs` (undefined: it did not
 * say): the rate falls a little under the rate refused, and nothing is sent before the least
 * that `Retry-After` can mean, or, without one, before an exponential backoff with jitter.
 */
export function refused(
  state: BucketState,
  now: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
  sentAt?: number,
): BucketState {
  const started = startLearning(state, now);
  const streak = retryAfterMs === undefined ? (started.refusalStreak ?? 0) + 1 : (started.refusalStreak ?? 0);
  const learning = { ...started, refusalStreak: streak };
  // A Retry-After of whole seconds says nothing frees up for at least a second less: a refusal
  // of a window longer than a second blocks the quota, where a rate alone would keep knocking.
  // On a one-second window ("1", or a date within the next second) it blocks nothing.
  const blockedUntil = Math.max(
    learning.blockedUntil,
    retryAfterMs === undefined
      ? now + backoffMs(streak - 1, random)
      : now + retryAfterMs - (learning.waitMarginMs ?? RETRY_AFTER_ROUNDING_MS),
  );
  // Refusals that crowd in from one burst are one measurement: decrease once a second.
  const sinceCut = now - (learning.rateCutAt ?? Number.NEGATIVE_INFINITY);
  // A request sent after the last cut and refused all the same is a new measurement: the cut
  // did not suffice. Without its sending time, refusals a second apart are. One sent before
  // the wait the server stated had ended (the quota is unblocked a rounding early) only
  // confirms that wait: a window's quota (Google's per-minute quotas, Azure's) is refused
  // until its end however slow the rate, so cutting the rate there halves it for nothing.
  const waitStatedUntil = Math.max(
    learning.waitStatedUntil ?? Number.NEGATIVE_INFINITY,
    retryAfterMs === undefined ? Number.NEGATIVE_INFINITY : now + retryAfterMs,
  );
  const stated = Number.isFinite(waitStatedUntil) ? { waitStatedUntil } : {};
  const withinStatedWait =
    sentAt !== undefined && sentAt < (learning.waitStatedUntil ?? Number.NEGATIVE_INFINITY);
  const sameMeasurement =
    withinStatedWait ||
    (sentAt !== undefined ? sentAt <= (learning.rateCutAt ?? Number.NEGATIVE_INFINITY) : sinceCut < 1_000);
  // Refused within a stated wait, the wait was not rounded: keep to the earliest one stated.
  const confirmed = withinStatedWait
    ? Math.max(blockedUntil, Math.min(learning.waitStatedUntil!, now + (retryAfterMs ?? 0)))
    : blockedUntil;
  // Refused inside the margin left on a stated wait: the margin was too wide for this server.
  const margin = withinStatedWait
    ? { waitMarginMs: (learning.waitMarginMs ?? RETRY_AFTER_ROUNDING_MS) / 2 }
    : {};
  if (sameMeasurement) return { ...learning, ...stated, ...margin, blockedUntil: confirmed };
  if (learning.rateCeiling !== undefined) {
    // Refused at or below a declared rate (never passed): the declaration was too high, and goes.
    return cut(withoutDeclaration(learning), now, blockedUntil, stated, sinceCut, retryAfterMs !== undefined);
  }
  return cut(learning, now, blockedUntil, stated, sinceCut, retryAfterMs !== undefined);
}

/** A learned rate no longer held to a declaration: measured from what the server accepted, as in slow start. */
function withoutDeclaration(state: BucketState): BucketState {
  const { rateCeiling: _ceiling, rateDepth: _depth, ...rest } = state;
  return { ...rest, rateSlowStart: true };
}

/**
 * Requests per second the quota admitted between the last refusal that cut the rate and one at
 * `now`, when they are at least `SHORTEST_REFILL_SPAN_MS` apart; undefined otherwise.
 */
function refillBetweenRefusals(state: BucketState, now: number): number | undefined {
  const { rateCutAt, acceptedSinceCut } = state;
  if (rateCutAt === undefined || acceptedSinceCut === undefined) return undefined;
  const spanMs = now - rateCutAt;
  if (spanMs < SHORTEST_REFILL_SPAN_MS) return undefined;
  return Math.max(MIN_RATE, (1_000 * acceptedSinceCut) / spanMs);
}

/** The rate cut by a refusal at `now` that is a new measurement. */
function cut(
  learning: BucketState,
  now: number,
  blockedUntil: number,
  stated: Partial<BucketState>,
  sinceCut: number,
  waitStated: boolean,
): BucketState {
  const counts = acceptedAt(learning, now);
  const rate = learning.learnedRate!;
  // Slow start overshoots by up to twice: the rate refused is what the server accepted in the
  // last second; later, a refusal means the rate is only just too high, unless it follows a
  // cut that should have stopped them.
  const measured = Math.max(counts.accepted ?? 0, counts.acceptedBefore ?? 0, rate / 2);
  // Two refusals a while apart each found the quota spent: what it admitted between them is
  // what it gave back over that time (at least: idle, a bucket stops refilling when full). That
  // measures the rate itself, where a cut only guesses at it: the rate goes just under it, and
  // one refusal is one measurement (a cut of a share took several, each costing a refusal).
  // (A refusal that states its wait is left to it: a window refuses until its end, and what it
  // admitted between two refusals says when its windows end, not how fast to send.)
  const refill = waitStated ? undefined : refillBetweenRefusals(learning, now);
  const refusedRate = refill ?? (learning.rateSlowStart ? Math.min(rate, measured) : rate);
  const cut = refill !== undefined ? CUT : sinceCut < REPEATED_WITHIN_MS ? REPEATED_CUT : CUT;
  return {
    ...learning,
    ...counts,
    ...stated,
    blockedUntil,
    learnedRate: Math.max(MIN_RATE, refusedRate * (1 - cut)),
    refusedRate,
    acceptedSinceCut: 0,
    rateSlowStart: false,
    rateChangedAt: now,
    rateCutAt: now,
    // No burst right after a refusal: the next request waits its turn at the new rate.
    paceTokens: 0,
    paceUpdatedAt: now,
  };
}
