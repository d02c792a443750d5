/**
 * A broadcast "something changed" for the governor's waiting loops: a loop that sleeps until a
 * moment, or until the next answer arrives, whichever comes first.
 * @module
 */
import type { Clock } from '../clock.js';

/**
 * The reason a sleeper's timer is cut short with: one shared value, never read (the sleeper
 * re-plans). An abort without a reason makes a `DOMException` each time, and Node keeps every
 * one in a table of its own that grows with the storm of wakes and does not shrink after
 * collection: a kilobyte of heap per parked job under a crowd of waiters.
 */
const WOKEN: unique symbol = Symbol('woken');

export class WakeSignal {
  readonly #listeners = new Set<() => void>();

  /** Wakes every current sleeper. */
  wake(): void {
    const listeners = [...this.#listeners];
    this.#listeners.clear();
    for (const listener of listeners) listener();
  }

  /** Resolves at the next `wake()` or when `signal` aborts; never rejects. */
  next(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) {
        resolve();
        return;
      }
      const done = () => {
        this.#listeners.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.#listeners.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Sleeps `ms` on `clock`, cut short by `wake()` or by `signal`; never rejects. */
  async sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
    const interrupt = new AbortController();
    const stop = () => interrupt.abort(WOKEN);
    this.#listeners.add(stop);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await clock.sleep(ms, interrupt.signal);
    } catch {
      // woken early: the caller re-plans
    } finally {
      this.#listeners.delete(stop);
      signal?.removeEventListener('abort', stop);
    }
  }
}
