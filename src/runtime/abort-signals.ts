/**
 * `AbortSignal.any` and `AbortSignal.timeout` where the runtime has them, and the same made by hand
 * where it does not (Vercel's edge runtime has no `AbortSignal.any`).
 * @module
 */

/** A signal that aborts when the first of `signals` does, with its reason. */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals as AbortSignal[]);
  const controller = new AbortController();
  const aborted = signals.find((signal) => signal.aborted);
  if (aborted) {
    controller.abort(aborted.reason);
    return controller.signal;
  }
  const stop = (event: Event) => {
    for (const signal of signals) signal.removeEventListener('abort', stop);
    controller.abort((event.target as AbortSignal).reason);
  };
  for (const signal of signals) signal.addEventListener('abort', stop, { once: true });
  return controller.signal;
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
