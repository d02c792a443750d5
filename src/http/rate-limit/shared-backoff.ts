/**
 * A refusal that states no wait (an overloaded server's 529 or 503, a bare 429 on a quota whose
 * fields say nothing of it) holds every caller of the quotas it was refused on, not only the
 * refused one: an exponential backoff with jitter, doubled by each refusal in a row and ended
 * by an accepted answer, with one request at a time (a probe) once it is over. Left to each
 * call's own retry backoff, every caller kept sending into the outage and each was refused in
 * turn; held together, an outage costs about one refusal per step of the backoff.
 *
 * Pure functions over {@link BucketState}: a store shared by several processes shares the hold.
 * Refusals of requests sent before the hold's last step ended are one measurement (a crowd in
 * flight when the outage began, sent in the same millisecond), never a step each: only the
 * probe's refusal is a new one.
 * @module
 */
import type { BucketState } from './rate-limit-store.js';

/**
 * The first step's longest wait, doubled by each refusal in a row, up to the longest; each step
 * waits a random share of it (full jitter, as each call's own retry backoff: a crowd's probes
 * spread, and an outage's end is found, on average, half a step after it). Half-jittered steps
 * from 250 ms found it later on the bench's runs (up to 0.4 % more wall time in a fleet).
 */
const FIRST_STEP_MS = 500;
const LONGEST_STEP_MS = 30_000;

/** A probe not answered in this long (lost, or slow) lets another go. */
const SHORTEST_PROBE_MS = 1_000;
/** ...and never longer than this, whatever the round trips measured. */
const LONGEST_PROBE_MS = 30_000;

/** Whether a request to the quota at `now` waits for the backoff's probe, and how long at most. */
export function probeWait(state: BucketState, now: number): number | undefined {
  if ((state.backoffStreak ?? 0) === 0) return undefined;
  const until = state.backoffProbeUntil ?? 0;
  return until > now ? until - now : undefined;
}

/** Whether a request granted on this state is the backoff's probe (a step of it is over). */
export function backingOff(state: BucketState): boolean {
  return (state.backoffStreak ?? 0) > 0;
}

/** The state once the probe is granted at `now`: the others wait for its answer. */
export function backoffProbeGranted(state: BucketState, now: number): BucketState {
  if (!backingOff(state)) return state;
  const probeMs = Math.min(LONGEST_PROBE_MS, Math.max(SHORTEST_PROBE_MS, 2 * (state.roundTripMs ?? 0)));
  return { ...state, backoffProbeUntil: now + probeMs };
}

/**
 * The state after a refusal without a stated wait, received at `receivedAt`, of a request sent
 * at `sentAt`: the next step of the backoff, unless the request went before the last step ended.
 */
export function refusedWithoutStatedWait(
  state: BucketState,
  receivedAt: number,
  sentAt: number,
  random: () => number,
): BucketState {
  if (sentAt < (state.backoffStepEnd ?? Number.NEGATIVE_INFINITY)) return state;
  const streak = state.backoffStreak ?? 0;
  const stepEnd =
    receivedAt + random() * Math.min(LONGEST_STEP_MS, FIRST_STEP_MS * 2 ** Math.min(streak, 20));
  return {
    ...state,
    backoffStreak: streak + 1,
    backoffStepEnd: stepEnd,
    backoffProbeUntil: 0,
    blockedUntil: Math.max(state.blockedUntil, stepEnd),
  };
}

/** The state after the probe sent at `sentAt` was accepted: the hold is over for every caller. */
export function probeAccepted(state: BucketState, sentAt: number): BucketState {
  if (!backingOff(state)) return state;
  // Refusals of requests sent before the probe (answered late) are of the outage it outlived.
  return { ...state, backoffStreak: 0, backoffStepEnd: sentAt, backoffProbeUntil: 0 };
}
