import type { EmulatorClock } from '../clock.js';

export interface StoredAnswer {
  readonly status: number;
  readonly body: unknown;
  /** Fingerprint of the request that produced it, to refuse a reused key with a different request. */
  readonly fingerprint: string;
  readonly expiresAt: number;
}

/**
 * First answers of money operations by (account, Idempotency-Key), so that a replayed request
 * answers the first result and charges nothing twice.
 */
export class IdempotencyStore {
  readonly #answers = new Map<string, StoredAnswer>();

  constructor(
    private readonly clock: EmulatorClock,
    private readonly lifetimeMs: number,
  ) {}

  get(accountId: string, key: string): StoredAnswer | undefined {
    const stored = this.#answers.get(`${accountId}\n${key}`);
    if (stored && stored.expiresAt <= this.clock.now()) {
      this.#answers.delete(`${accountId}\n${key}`);
      return undefined;
    }
    return stored;
  }

  put(accountId: string, key: string, answer: Omit<StoredAnswer, 'expiresAt'>): void {
    this.#answers.set(`${accountId}\n${key}`, { ...answer, expiresAt: this.clock.now() + this.lifetimeMs });
  }
}
