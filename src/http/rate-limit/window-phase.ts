/**
 * When a spent window really resets, inside the rounding of its announced reset. A reset written
 * in whole seconds (GitHub's, X's, Okta's and GitLab's epoch seconds, the IETF drafts' delta
 * seconds) is rounded up, so the window may end up to a second before it says: GitHub's window
 * that opens at 0.3 s resets at 10.3 s and announces 11. Waiting for the announced reset loses
 * that much of every window.
 *
 * A window that starts with its first request (as GitHub's do, and `INCR` + `EXPIRE` limiters)
 * resets a window after that request reached the server. Its length is learned as bounds: the
 * reading of each request that opened a window (`remaining = limit - 1`) says the length lies
 * between its reset less the grain less its arrival, and its reset less its sending. Where the
 * bounds hold a whole number of grains (windows are whole seconds where resets are), one request,
 * a probe, goes when the current window would end at that length, before the announced reset:
 * answered from a fresh window, the window ended by then (the quota goes at once, and the length
 * is bounded from above); refused, the bounds rise past that guess and the rest wait for the
 * announced reset, as before. So a wrong guess costs one refusal, never a burst; a window aligned
 * on the clock (whose opening request does not start it) shows bounds that contradict each other
 * and is never probed again (`phaseOff`).
 * @module
 */
import type { BucketState } from './rate-limit-store.js';

/** A reading of the quota, as `observe` in `bucket-math.ts` takes it. */
export interface PhaseReading {
  readonly limit: number;
  readonly remaining: number;
  /** The announced reset, measured from the answer. */
  readonly resetAt: number;
  /** The reset was written in whole units of this many milliseconds (undefined: exact). */
  readonly grainMs: number | undefined;
  readonly sentAt: number;
  readonly receivedAt: number;
}

/**
 * The moment a probe of the current window's end may go, while the quota is spent: the end its
 * opening request implies at the whole-grain length the bounds allow, when that falls inside the
 * rounding of the announced reset. Undefined when nothing is worth probing.
 */
export function probeMoment(state: BucketState): number | undefined {
  const { resetAt, resetGrainMs: grain, openedReceivedAt, windowAtLeast, windowAtMost } = state;
  if (state.phaseOff === true || state.sliding === true || state.gradual === true) return undefined;
  if (grain === undefined || resetAt === undefined || openedReceivedAt === undefined) return undefined;
  if (windowAtLeast === undefined || windowAtMost === undefined) return undefined;
  const whole = Math.floor(windowAtMost / grain) * grain;
  if (whole <= windowAtLeast) return undefined;
  const at = openedReceivedAt + whole;
  // Worth a probe (and the refusal it may meet) only where it gains a good part of the grain.
  return at > resetAt - grain && at <= resetAt - grain / 4 ? at : undefined;
}

/** Whether a probe of the window's end is on its way (no second one goes meanwhile). */
export function probeOut(state: BucketState, now: number): boolean {
  return state.phaseProbeAt !== undefined && (state.phaseProbeUntil ?? 0) > now;
}

/** The state once the probe granted at `grantedAt` is on its way: until the announced reset at most. */
export function probeSent(state: BucketState, grantedAt: number, now: number): BucketState {
  return { ...state, phaseProbeAt: grantedAt, phaseProbeUntil: Math.max(now + 1, state.resetAt ?? now + 1) };
}

/**
 * What a reading teaches of the window's phase: the fields to set, and `endedBy`, when the
 * reading (a probe's, from a fresh window) shows the previous window had ended by then.
 */
export function phaseAfter(
  state: BucketState,
  reading: PhaseReading,
): { readonly phase: Partial<BucketState>; readonly endedBy?: number } {
  let low = state.windowAtLeast;
  let high = state.windowAtMost;
  let endedBy: number | undefined;
  const opensWindow = reading.remaining === reading.limit - 1;
  const phase: { -readonly [K in keyof BucketState]?: BucketState[K] } = {};
  if (state.phaseProbeAt !== undefined && reading.sentAt === state.phaseProbeAt) {
    // Answered: no longer on its way.
    phase.phaseProbeUntil = 0;
    const grain = state.resetGrainMs ?? 0;
    // A fresh window holds the whole quota but the probe (a log that let its oldest go holds none).
    const fresh = opensWindow && reading.resetAt > (state.resetAt ?? 0) + grain / 4;
    const { openedSentAt, openedReceivedAt } = state;
    if (fresh) {
      // The window had reset when the probe arrived: its length is at most that from its opening.
      endedBy = reading.receivedAt;
      if (openedSentAt !== undefined)
        high = Math.min(
          high ?? Number.POSITIVE_INFINITY,
          reading.receivedAt - Math.min(openedSentAt, state.openedReceivedAt ?? openedSentAt),
        );
    } else if (openedReceivedAt !== undefined) {
      // Still the old window: it lasts longer than the probe's guess.
      low = Math.max(low ?? Number.NEGATIVE_INFINITY, reading.sentAt - openedReceivedAt);
    }
  }
  if (opensWindow && reading.grainMs !== undefined) {
    // This request opened the window: it reached the server between its sending and its answer,
    // and the window ends within a grain before the announced reset.
    low = Math.max(low ?? Number.NEGATIVE_INFINITY, reading.resetAt - reading.grainMs - reading.receivedAt);
    // A grant's stamp may run microseconds ahead of the clock (`grantStamp`): sent no later than answered.
    high = Math.min(
      high ?? Number.POSITIVE_INFINITY,
      reading.resetAt - Math.min(reading.sentAt, reading.receivedAt),
    );
    phase.openedSentAt = reading.sentAt;
    phase.openedReceivedAt = reading.receivedAt;
  }
  if (reading.grainMs !== undefined) phase.resetGrainMs = reading.grainMs;
  if (low !== undefined && Number.isFinite(low)) phase.windowAtLeast = low;
  if (high !== undefined && Number.isFinite(high)) phase.windowAtMost = high;
  // Bounds that contradict each other: the window does not start with its first request.
  if (low !== undefined && high !== undefined && low >= high) phase.phaseOff = true;
  return endedBy === undefined ? { phase } : { phase, endedBy };
}
