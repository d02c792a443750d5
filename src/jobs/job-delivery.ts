/**
 * A second way for a job's final answer to arrive besides polling: a delivery pushed to the
 * caller (a webhook). The poller races its waits against it and polls only as the fallback.
 * @module
 */
import type { Clock } from '../http/index.js';

/** Where a delivered final answer of one job can be awaited or looked up. */
export interface JobDelivery {
  /**
   * Settles with the delivered final answer; stays pending while none has come. Never rejects:
   * a wait ended by the caller or the deadline simply stops listening.
   */
  readonly arrived: Promise<unknown>;
  /**
   * Looks for a delivery that another process received (through a shared store), before a
   * fallback poll spends a request on the service; undefined when there is none.
   */
  readonly received?: () => Promise<unknown>;
  /** How long after the eta (or the first scheduled poll, without one) the first poll waits for a delivery. */
  readonly marginMs: number;
}

/** What ended a wait: the time passed, or a delivery came first (with its answer). */
export type WaitEnd = { readonly delivered: false } | { readonly delivered: true; readonly body: unknown };

const TIME_PASSED: WaitEnd = { delivered: false };

/** Ends a sleep that ran its course; shared, so that a plain sleep allocates no closure. */
const timePassed = (): WaitEnd => TIME_PASSED;

/**
 * Sleeps `ms` on `clock`, ending early when `delivery` arrives. The sleep is cancelled when the
 * delivery wins, so no timer outlives the wait; the caller's abort still rejects. Without a
 * delivery, just the clock's sleep: no async frame is parked for it.
 */
export function sleepUnlessDelivered(
  clock: Clock,
  ms: number,
  signal: AbortSignal | undefined,
  delivery: JobDelivery | undefined,
): Promise<WaitEnd> {
  if (!delivery) return clock.sleep(ms, signal).then(timePassed);
  return sleepOrDelivery(clock, ms, signal, delivery);
}

async function sleepOrDelivery(
  clock: Clock,
  ms: number,
  signal: AbortSignal | undefined,
  delivery: JobDelivery,
): Promise<WaitEnd> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  if (signal?.aborted) throw signal.reason;
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([
      clock.sleep(ms, stop.signal).then(
        () => TIME_PASSED,
        (error: unknown) => {
          // Only the caller's abort is a failure; our own cancellation comes after a delivery won.
          if (signal?.aborted) throw error;
          return TIME_PASSED;
        },
      ),
      delivery.arrived.then((body): WaitEnd => ({ delivered: true, body })),
    ]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}
