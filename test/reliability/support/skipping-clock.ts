/**
 * A clock whose waits take no real time: each sleep moves the clock forward by its length and
 * resolves on the next turn of the event loop. Backoffs, Retry-After waits, throttling and polling
 * run at once, while per-attempt timeouts (wall time, in the transport) stay real: a hostile
 * server's silence still costs its timeout, and nothing else does.
 * @module
 */
import type { Clock } from '../../../src/http/index.js';

export interface SkippingClock extends Clock {
  /** Milliseconds skipped so far. */
  readonly skippedMs: number;
}

export function createSkippingClock(): SkippingClock {
  let skippedMs = 0;
  return {
    now: () => Date.now() + skippedMs,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        skippedMs += Math.max(0, Number.isFinite(ms) ? ms : 0);
        setImmediate(() => (signal?.aborted ? reject(signal.reason) : resolve()));
      });
    },
    get skippedMs() {
      return skippedMs;
    },
  };
}
