/**
 * `AbortSignal.any` and `AbortSignal.timeout` where the runtime has them, and the same made by hand
 * where it does not (Vercel's edge runtime has no `AbortSignal.any`).
 * @module
 */

/** A signal joined from others, and how to let go of them once the work it guards is over. */
export interface JoinedSignal {
  readonly signal: AbortSignal;
  /**
   * Removes what the join added to the signals it came from. Where `AbortSignal.any` is missing
   * (Vercel's edge runtime), the join listens on each of them: without this, a signal that outlives
   * many requests (a discovery's deadline, a caller's signal for a whole session) would keep a
   * listener per request, and Node's EventTarget warns past ten (MaxListenersExceededWarning).
   */
  release(): void;
}

const NOTHING_TO_RELEASE = () => undefined;

/** A signal that aborts when the first of `signals` does, with its reason; release it when done. */
export function joinSignals(signals: readonly AbortSignal[]): JoinedSignal {
  if (typeof AbortSignal.any === 'function')
    return { signal: AbortSignal.any(signals as AbortSignal[]), release: NOTHING_TO_RELEASE };
  const controller = new AbortController();
  const aborted = signals.find((signal) => signal.aborted);
  if (aborted) {
    controller.abort(aborted.reason);
    return { signal: controller.signal, release: NOTHING_TO_RELEASE };
  }
  const release = () => {
    for (const signal of signals) signal.removeEventListener('abort', stop);
  };
  const stop = (event: Event) => {
    release();
    controller.abort((event.target as AbortSignal).reason);
  };
  for (const signal of signals) signal.addEventListener('abort', stop, { once: true });
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
