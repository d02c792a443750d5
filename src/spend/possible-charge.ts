/**
 * Calls whose outcome is unknown: the request may have reached the service (an error after the
 * body was sent: a 5xx a proxy wrote, a reset connection, a timeout), so the call may have been
 * charged although no answer says so. Such a call keeps its reservation (settled at the
 * estimate: spend() counts it), its error says it may have been charged, and the same call made
 * again reuses the same idempotency key, so a service that keys its charges charges once.
 * @module
 */
import { GenerationToolkitError } from '../errors/index.js';
import { GenerationFailedError, NetworkError, ServiceError } from '../http/index.js';
import { BudgetExceededError } from './budget-exceeded-error.js';
import { BudgetStoreError } from './budget-store-error.js';

/**
 * Whether a failed call cost nothing: it was never sent (a budget refused it, the toolkit refused
 * it before sending, the connection provably never carried it), the service refused it with a
 * 4xx, or the job failed (the service refunds failed jobs). Anything else may have been charged.
 */
export function failedWithoutCharge(error: unknown): boolean {
  if (BudgetExceededError.isInstance(error) || BudgetStoreError.isInstance(error)) return true;
  if (GenerationFailedError.isInstance(error)) return true;
  if (NetworkError.isInstance(error)) return !error.requestSent;
  if (ServiceError.isInstance(error)) {
    if (error.code === 'untrusted_origin') return true;
    return error.httpStatus !== undefined && error.httpStatus < 500;
  }
  // The toolkit's own refusals (invalid arguments, a closed session) come before anything is sent.
  return GenerationToolkitError.isInstance(error);
}

/** What is known of a call that may have been charged. */
export interface PossibleCharge {
  /** The Idempotency-Key it was sent with, when the operation takes one; the same call made again reuses it. */
  readonly idempotencyKey: string | undefined;
}

const POSSIBLE_CHARGES = new WeakMap<object, PossibleCharge>();

/** Records that the call `error` ended may have been charged. */
export function markPossiblyCharged(error: unknown, charge: PossibleCharge): void {
  if (typeof error === 'object' && error !== null) POSSIBLE_CHARGES.set(error, charge);
}

/** What is known of the possible charge of the call `error` ended; undefined when it was not charged. */
export function possibleChargeOf(error: unknown): PossibleCharge | undefined {
  return typeof error === 'object' && error !== null ? POSSIBLE_CHARGES.get(error) : undefined;
}

/** Most calls whose idempotency key is remembered for a retry. */
const MAX_REMEMBERED = 256;
/** How long a retry may come and still reuse the key (a service keeps its keys about a day). */
const REMEMBER_MS = 24 * 60 * 60 * 1000;

/**
 * The idempotency keys of calls whose outcome is unknown, by the call (operation and arguments):
 * the same call made again is sent with the same key. Bounded in count and in time.
 */
export class RetryKeys {
  readonly #keys = new Map<string, { readonly key: string; readonly until: number }>();

  constructor(private readonly now: () => number) {}

  /** The key to send a call with: the remembered one for the same call, else a new one. */
  keyFor(call: string): string {
    const kept = this.#keys.get(call);
    if (kept && kept.until > this.now()) return kept.key;
    this.#keys.delete(call);
    return globalThis.crypto.randomUUID();
  }

  /** The call may have been charged: a retry of it must reuse `key`. */
  remember(call: string, key: string): void {
    this.#keys.delete(call);
    this.#keys.set(call, { key, until: this.now() + REMEMBER_MS });
    for (const oldest of this.#keys.keys()) {
      if (this.#keys.size <= MAX_REMEMBERED) break;
      this.#keys.delete(oldest);
    }
  }

  /** The call's outcome is known (answered, or refused): its key is not reused. */
  forget(call: string): void {
    this.#keys.delete(call);
  }
}
