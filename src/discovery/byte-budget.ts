/**
 * The bytes one discovery may download, every document together: the protection that lets the
 * counts (documents, APIs) sit far above what a real service publishes. A read reserves what it may
 * still download (at most one document's limit) before its request goes out, waits while the
 * reads in flight hold the rest, and gives back what it did not use; so the bytes in memory and the
 * bytes downloaded stay within the budget however many reads a catalogue asks for at once.
 * @module
 */

/** A reservation: the most bytes one read may download. */
export interface ByteReservation {
  readonly maxBytes: number;
  /** Whether the whole budget, rather than one document's limit, set `maxBytes`. */
  readonly limitedByBudget: boolean;
}

export class ByteBudget {
  #spent = 0;
  #reserved = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly totalBytes: number,
    readonly documentBytes: number,
  ) {}

  /** Bytes downloaded so far. */
  get spent(): number {
    return this.#spent;
  }

  /**
   * Waits until the reads in flight leave room for one more, then reserves it; `undefined` when
   * the budget is spent. Rejects with `signal`'s reason when it aborts while waiting.
   */
  async reserve(signal?: AbortSignal): Promise<ByteReservation | undefined> {
    for (;;) {
      signal?.throwIfAborted();
      const left = this.totalBytes - this.#spent;
      if (left <= 0) return undefined;
      const maxBytes = Math.min(this.documentBytes, left);
      if (this.#reserved === 0 || this.#reserved + maxBytes <= left) {
        this.#reserved += maxBytes;
        return { maxBytes, limitedByBudget: maxBytes < this.documentBytes };
      }
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const index = this.#waiting.indexOf(wake);
          if (index >= 0) this.#waiting.splice(index, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#waiting.push(wake);
      });
    }
  }

  /** Ends a reservation: `downloaded` bytes are spent, the rest goes back to the reads waiting. */
  release(reservation: ByteReservation, downloaded: number): void {
    this.#reserved -= reservation.maxBytes;
    this.#spent += Math.min(Math.max(0, downloaded), reservation.maxBytes);
    for (const wake of this.#waiting.splice(0)) wake();
  }
}
