/**
 * `AbortSignal.any` and `AbortSignal.timeout` where the runtime has them, and the same made by hand
 * where it does not (Vercel's edge runtime has no `AbortSignal.any`) or where a join is released.
 * @module
 */

/** A signal joined from others, and how to let go of them once the work it guards is over. */
export interface JoinedSignal {
  readonly signal: AbortSignal;
  /**
   * Removes what the join added to the signals it came from. The join listens on each of them:
   * without this, a signal that outlives
   * many requests (a discovery's deadline, a caller's signal for a whole session) would keep a
   * listener per request, and Node's EventTarget warns past ten (MaxListenersExceededWarning).
   */
  release(): void;
}

const NOTHING_TO_RELEASE = () => undefined;

/** Told when a followed signal aborts: an object, so that thousands of followers hold no closure each. */
export interface AbortFollower {
  aborted(reason: unknown): void;
}

/** What follows one signal by hand: its one listener, and whom it tells. */
interface Followers {
  readonly listener: () => void;
  readonly told: Set<AbortFollower>;
}

const FOLLOWED = new WeakMap<AbortSignal, Followers>();

/**
 * Tells `follower` when `source` aborts, until {@link unfollowAbort}. However many follow a
 * signal at once (a discovery's documents in parallel, a session's requests, a fleet of waiting
 * jobs), it holds one listener, removed when the last one stops following.
 */
export function followAbort(source: AbortSignal, follower: AbortFollower): void {
  let followers = FOLLOWED.get(source);
  if (!followers) {
    const told = new Set<AbortFollower>();
    const listener = () => {
      FOLLOWED.delete(source);
      for (const each of [...told]) each.aborted(source.reason);
    };
    followers = { listener, told };
    FOLLOWED.set(source, followers);
    source.addEventListener('abort', listener, { once: true });
  }
  followers.told.add(follower);
}

/** Stops telling `follower` of `source`; the last to go removes the listener. */
export function unfollowAbort(source: AbortSignal, follower: AbortFollower): void {
  const followers = FOLLOWED.get(source);
  if (!followers) return;
  followers.told.delete(follower);
  if (followers.told.size === 0) {
    FOLLOWED.delete(source);
    source.removeEventListener('abort', followers.listener);
  }
}

/**
 * A signal that aborts when the first of `signals` does, with its reason; release it when done.
 * Joined by hand on every runtime, not with `AbortSignal.any`: Node's keeps an entry per joined
 * signal in a long-lived source (a caller's signal for a whole fleet of jobs) until finalizers
 * run, if they ever do (nodejs/node#55351, #64476), while a released join leaves nothing behind.
 */
export function joinSignals(signals: readonly AbortSignal[]): JoinedSignal {
  const controller = new AbortController();
  const aborted = signals.find((signal) => signal.aborted);
  if (aborted) {
    controller.abort(aborted.reason);
    return { signal: controller.signal, release: NOTHING_TO_RELEASE };
  }
  let following = true;
  const release = () => {
    if (!following) return;
    following = false;
    for (const signal of signals) unfollowAbort(signal, follower);
  };
  const follower: AbortFollower = {
    aborted(reason) {
      release();
      controller.abort(reason);
    },
  };
  for (const signal of signals) followAbort(signal, follower);
  return { signal: controller.signal, release };
}

/**
 * A signal that aborts when the first of `signals` does, with its reason, for a join never
 * released (a stream handed to a framework lives as long as the work). `AbortSignal.any` where
 * the runtime has it: its sources hold the join weakly, where a join by hand would stay in a
 * long-lived source until it aborts. Otherwise prefer {@link joinSignals}.
 */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals as AbortSignal[]);
  return joinSignals(signals).signal;
}

/**
 * A signal that aborts with a `TimeoutError` after `milliseconds`, rounded up: `AbortSignal.timeout`
 * refuses a fraction (ERR_OUT_OF_RANGE), and what is left of a deadline often is one.
 */
export function timeoutSignal(milliseconds: number): AbortSignal {
  const whole = Math.max(0, Math.ceil(milliseconds));
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(whole);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    whole,
  );
  // A timer that would keep a Node process alive for a signal no one waits on any more.
  (timer as { unref?: () => void }).unref?.();
  return controller.signal;
}
