/**
 * The calls of this process waiting on webhook tracks, woken by a delivery received here or, when
 * the store tells of it, received by another process.
 * @module
 */
import { namesJob } from './judge-delivery.js';

interface Waiter {
  readonly requestId: string | number;
  readonly resolve: (body: unknown) => void;
}

export class WebhookWaiters {
  readonly #byTrack = new Map<string, Set<Waiter>>();
  readonly #onFirst: () => void;
  readonly #onLast: () => void;

  /** `onFirst`/`onLast`: the first waiter came, the last one left (to listen to the store only meanwhile). */
  constructor(hooks: { onFirst: () => void; onLast: () => void }) {
    this.#onFirst = hooks.onFirst;
    this.#onLast = hooks.onLast;
  }

  /** How many calls wait. */
  get size(): number {
    return this.#byTrack.size;
  }

  /** Waits on `trackId` for the job `requestId`; returns the promise and the way to stop waiting. */
  add(trackId: string, requestId: string | number): { arrived: Promise<unknown>; remove: () => void } {
    let resolve: (body: unknown) => void = () => undefined;
    const arrived = new Promise<unknown>((settle) => {
      resolve = settle;
    });
    const waiter: Waiter = { requestId, resolve };
    let waiters = this.#byTrack.get(trackId);
    if (!waiters) {
      waiters = new Set();
      if (this.#byTrack.size === 0) this.#onFirst();
      this.#byTrack.set(trackId, waiters);
    }
    waiters.add(waiter);
    return {
      arrived,
      remove: () => {
        const current = this.#byTrack.get(trackId);
        if (!current?.delete(waiter) || current.size > 0) return;
        this.#byTrack.delete(trackId);
        if (this.#byTrack.size === 0) this.#onLast();
      },
    };
  }

  /** Whether a call of this process waits on `trackId`. */
  has(trackId: string): boolean {
    return this.#byTrack.has(trackId);
  }

  /** Hands `body` to the calls waiting on `trackId` for the job it names. */
  wake(trackId: string, body: unknown): void {
    for (const waiter of this.#byTrack.get(trackId) ?? []) {
      if (namesJob(body, waiter.requestId)) waiter.resolve(body);
    }
  }
}
