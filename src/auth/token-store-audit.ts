/**
 * A token store's own safety, told through the session's warnings like the service's notices.
 * @module
 */
import type { HttpClient } from '../http/index.js';
import type { TokenStore } from './token-store.js';

/** Reports each problem `store` finds with itself as an `insecure-storage` warning of `client`. */
export async function reportTokenStoreProblems(store: TokenStore, client: HttpClient): Promise<void> {
  for (const message of (await store.audit?.()) ?? []) {
    client.warn({ kind: 'insecure-storage', subject: 'token store', message, links: [] });
  }
}
