/**
 * How the governor meets a store that fails where the store is an aid, not a condition: a write
 * that records what an answer taught, a release the lease ends anyway, a record that only spares
 * a probe. The store's failure is swallowed there and the caller goes on with what it knew; any
 * other error still surfaces. (Where the store is the condition, before a request is sent, its
 * failure refuses the request instead.)
 * @module
 */
import { RateLimitStoreError } from './rate-limit-store-error.js';

/**
 * `work`'s result, or undefined when the store failed ({@link RateLimitStoreError}); any other
 * error rejects as it was.
 *
 * @example
 * const record = (await quietly(book.read(origin))) ?? book.cached(origin);
 */
export function quietly<T>(work: Promise<T>): Promise<T | undefined> {
  return work.catch((error: unknown) => {
    if (!RateLimitStoreError.isInstance(error)) throw error;
    return undefined;
  });
}
