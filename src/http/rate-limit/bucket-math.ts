/**
 * The arithmetic of one quota, as pure functions over {@link BucketState}: when the next request
 * may go, what granting it changes, and what a response teaches.
 *
 * Pacing is a small token bucket in front of the quota: it holds `burst + 1` requests and
 * refills at `requests left / time left`, so a quiet client sends at once while a crowd is
 * spread over the window instead of spending the quota in the first second and then waiting
 * for the reset.
 * @module
 */
import type { RateLimitObservation } from '../headers/rate-limit.js';
import type { BucketState } from './rate-limit-store.js';

/** Two conservative estimates of one reset differ by rounding and latency; beyond this they are two windows. */
const SAME_WINDOW_TOLERANCE_MS = 2_000;
/** When a response gives a remaining count but no reset, assume the quota may stay spent this long. */
const UNKNOWN_RESET_MS = 1_000;

export const EMPTY_BUCKET: BucketState = { blockedUntil: 0 };

export type Plan =
  | { readonly kind: 'go'; readonly paceTokens: number }
  | { readonly kind: 'wait'; readonly waitMs: number; readonly reason: 'retry-after' | 'quota' | 'pacing' }
  | { readonly kind: 'unknown' };

/** The state once every reset that fell due before `now` has happened. */
export function rollOver(state: BucketState, now: number): BucketState {
  if (state.resetAt === undefined || now < state.resetAt) return state;
  const { remaining: _spent, resetAt: _passed, ...rest } = state;
  if (state.windowMs === undefined || state.limit === undefined) return rest;
  const windows = Math.floor((now - state.resetAt) / state.windowMs) + 1;
  return { ...rest, remaining: state.limit, resetAt: state.resetAt + windows * state.windowMs };
}

/** Requests per millisecond that spend what is left of the quota evenly until the reset. */
function paceRate(state: BucketState, now: number): number {
  if (state.remaining === undefined || state.resetAt === undefined) return Number.POSITIVE_INFINITY;
  return state.remaining / Math.max(1, state.resetAt - now);
}

function paceTokens(state: BucketState, now: number, capacity: number, rate: number): number {
  if (state.paceTokens === undefined || state.paceUpdatedAt === undefined) return capacity;
  return Math.min(capacity, state.paceTokens + Math.max(0, now - state.paceUpdatedAt) * rate);
}

/** Whether a request may go at `now`, and if not, how long to wait. */
export function plan(state: BucketState, now: number, burst: number): Plan {
  if (now < state.blockedUntil)
    return { kind: 'wait', waitMs: state.blockedUntil - now, reason: 'retry-after' };
  if (state.remaining === undefined) return { kind: 'unknown' };
  if (state.remaining <= 0) {
    const resetAt = state.resetAt ?? now + UNKNOWN_RESET_MS;
    return { kind: 'wait', waitMs: Math.max(1, resetAt - now), reason: 'quota' };
  }
  const rate = paceRate(state, now);
  const tokens = paceTokens(state, now, burst + 1, rate);
  if (tokens >= 1) return { kind: 'go', paceTokens: tokens };
  return { kind: 'wait', waitMs: Math.max(1, (1 - tokens) / rate), reason: 'pacing' };
}

/** The state after granting one request at `now` (which `plan` allowed with `tokens`). */
export function grant(state: BucketState, now: number, tokens: number): BucketState {
  return {
    ...state,
    ...(state.remaining !== undefined ? { remaining: state.remaining - 1 } : {}),
    paceTokens: tokens - 1,
    paceUpdatedAt: now,
  };
}

/**
 * The state after a response arrived at `receivedAt` saying `observation`. `inFlight` is the
 * number of this process's requests to the bucket still unanswered: when the response shows a
 * newer window, they may yet count in it.
 */
export function observe(
  state: BucketState,
  observation: RateLimitObservation,
  receivedAt: number,
  inFlight: number,
): BucketState {
  const shape: Partial<{ limit: number; windowMs: number }> = {};
  const limit = observation.limit ?? state.limit;
  const windowMs = observation.windowMs ?? state.windowMs;
  if (limit !== undefined) shape.limit = limit;
  if (windowMs !== undefined) shape.windowMs = windowMs;
  const base: BucketState = { ...state, ...shape };
  if (observation.remaining === undefined) return base;
  const impliedReset = receivedAt + (observation.resetMs ?? windowMs ?? UNKNOWN_RESET_MS);
  const current = rollOver(base, receivedAt);
  if (current.remaining === undefined || current.resetAt === undefined) {
    return { ...current, remaining: Math.max(0, observation.remaining - inFlight), resetAt: impliedReset };
  }
  if (impliedReset < current.resetAt - SAME_WINDOW_TOLERANCE_MS) return current; // a late answer from an older window
  if (impliedReset > current.resetAt + SAME_WINDOW_TOLERANCE_MS) {
    return { ...current, remaining: Math.max(0, observation.remaining - inFlight), resetAt: impliedReset };
  }
  return {
    ...current,
    remaining: Math.min(current.remaining, observation.remaining),
    resetAt: Math.min(current.resetAt, impliedReset),
  };
}

/** The state after the service refused with 429 or 503 and asked to wait `retryAfterMs`. */
export function block(state: BucketState, untilMs: number, quotaSpent: boolean): BucketState {
  return {
    ...state,
    blockedUntil: Math.max(state.blockedUntil, untilMs),
    ...(quotaSpent ? { remaining: 0, resetAt: Math.max(state.resetAt ?? 0, untilMs) } : {}),
  };
}
