/**
 * Time as the HTTP core sees it. Every wait of the core (throttling, backoff, polling) goes
 * through a {@link Clock}, so tests can drive time instead of waiting for it.
 * @module
 */

/**
 * A source of time and a way to wait on it.
 *
 * @example
 * // A clock that tests move by hand: waits end when the test says so.
 * const clock: Clock = { now: () => fakeNow, sleep: (ms, signal) => scheduler.wait(ms, signal) };
 * const client = new HttpClient({ baseUrl, clock });
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Resolves after `ms` milliseconds of this clock's time; rejects with the signal's reason when
   * `signal` aborts first.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Wall-clock time and real timers. `now()` has sub-millisecond resolution (the performance
 * clock anchored at the wall clock): pacing several requests within one millisecond needs it.
 */
export const systemClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
