/**
 * The id under which a governor or a client's job slots keep their part of a rate-limit store's
 * shared state (leases, holders).
 * @module
 */
import type { RateLimitStore } from './rate-limit-store.js';

/** The id in a store of one's own, which nobody else writes. */
const OWN_STORE_OWNER = 'own';

/**
 * `OWN_STORE_OWNER` alone on a store of one's own (no random id: Web Crypto's first use costs a
 * fresh process milliseconds, paid by every `connect()` in a function); random in a store passed
 * in, so that processes sharing it never collide.
 */
export function storeOwnerId(store: RateLimitStore | undefined): string {
  if (store === undefined) return OWN_STORE_OWNER;
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
