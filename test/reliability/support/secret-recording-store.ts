/**
 * A token store that tells the secret collector about every token a session keeps (the first, and
 * each one a refresh or a fresh login brings), so that none of them may appear in any output.
 * @module
 */
import { MemoryTokenStore, type StoredToken, type TokenStore } from '../../../src/auth/index.js';
import type { SecretCollector } from './secret-collector.js';

export function secretRecordingStore(collector: SecretCollector): TokenStore {
  const inner = new MemoryTokenStore();
  return {
    load: (key) => inner.load(key),
    save: (key: string, token: StoredToken) => {
      collector.addSecret(token.accessToken);
      collector.addSecret(token.apiKey);
      return inner.save(key, token);
    },
    delete: (key) => inner.delete(key),
  };
}
