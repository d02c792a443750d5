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

/** What follows one signal by hand: its one listener, and whom it tells. */
interface Followers {
  readonly listener: () => void;
  readonly told: Set<(reason: unknown) => void>;
}

const FOLLOWED = new WeakMap<AbortSignal, Followers>();

/**
 * Calls `onAbort` when `source` aborts, until the returned function is called. However many
 * follow a signal at once (a discovery's documents in parallel, a session's requests), it holds
 * one listener, removed when the last one stops following.
 */
function follow(source: AbortSignal, onAbort: (reason: unknown) => void): () => void {
  let followers = FOLLOWED.get(source);
  if (!followers) {
    const told = new Set<(reason: unknown) => void>();
    const listener = () => {
      FOLLOWED.delete(source);
      for (const tell of [...told]) tell(source.reason);
    };
    followers = { listener, told };
    FOLLOWED.set(source, followers);
    source.addEventListener('abort', listener, { once: true });
  }
  const { told, listener } = followers;
  told.add(onAbort);
  return () => {
    told.delete(onAbort);
    if (told.size === 0 && FOLLOWED.get(source) === followers) {
      FOLLOWED.delete(source);
      source.removeEventListener('abort', listener);
    }
  };
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
  const stops: (() => void)[] = [];
  const release = () => {
    for (const stop of stops.splice(0)) stop();
  };
  const onAbort = (reason: unknown) => {
    release();
    controller.abort(reason);
  };
  for (const signal of signals) stops.push(follow(signal, onAbort));
  return { signal: controller.signal, release };
}

/**
 * A signal that aborts when the first of `signals` does, with its reason. Where the joined signal
 * lives as long as the work (a stream handed to a framework), nothing to release; otherwise prefer
 * {@link joinSignals}.
 */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal {
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
