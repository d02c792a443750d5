/**
 * The one read-modify-write cycle the governor runs on its store, for the quotas' states, the
 * concurrency record and the route scopes alike: read the keys, compute, write each with
 * compare-and-set, and start again when another writer (another caller, another process) got
 * there first.
 * @module
 */
import type { BucketState, RateLimitStore, VersionedBucketState } from './rate-limit-store.js';
import { RateLimitStoreError } from './rate-limit-store-error.js';

/** What one turn of a cycle decided. */
export interface CycleDecision<T> {
  /**
   * What to store under each key, by index; undefined (or absent) leaves that key as it was read:
   * a change that finds nothing to change writes nothing and creates no version for the others.
   */
  readonly writes?: readonly (BucketState | undefined)[];
  /** What the cycle resolves with once every write held. */
  readonly result: T;
}

export interface CompareAndSetCycleOptions<T> {
  readonly store: RateLimitStore;
  readonly keys: readonly string[];
  /** Each write's time to live in the store. */
  readonly ttlMs: number;
  /** Turns lost to other writers before the cycle gives up. */
  readonly attempts: number;
  /** Computes the writes from what is stored (by index; undefined: nothing under that key). */
  readonly change: (current: readonly (VersionedBucketState | undefined)[]) => CycleDecision<T>;
  /**
   * What to resolve with when every turn was lost; absent, the cycle rejects with a
   * {@link RateLimitStoreError} (the store is busy, not broken, but nothing was written).
   */
  readonly lost?: () => T;
}

/**
 * Runs `change` on the stored states of `keys` until its writes all hold. Writes go key by key
 * (a store offers compare-and-set on one key): a turn lost on a later key leaves the earlier
 * keys written, and the next turn computes from what they hold then.
 *
 * @example
 * const count = await compareAndSetCycle({
 *   store, keys: ['counter'], ttlMs: 60_000, attempts: 16,
 *   change: ([current]) => {
 *     const next = (current?.state.remaining ?? 0) + 1;
 *     return { writes: [{ blockedUntil: 0, remaining: next }], result: next };
 *   },
 * });
 */
export async function compareAndSetCycle<T>(options: CompareAndSetCycleOptions<T>): Promise<T> {
  const { store, keys, ttlMs, attempts } = options;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    // Read inline, one key after the other (in order, as they are written): no await more than
    // the commands' own, so that callers interleave on a shared store as they always did.
    const current: Array<VersionedBucketState | undefined> = [];
    for (const key of keys) current.push(await store.read(key));
    const decision = options.change(current);
    let held = true;
    for (const [index, key] of keys.entries()) {
      const next = decision.writes?.[index];
      if (next === undefined) continue;
      if (!(await store.compareAndSet(key, current[index]?.version ?? 0, next, ttlMs))) {
        held = false;
        break;
      }
    }
    if (held) return decision.result;
  }
  if (options.lost) return options.lost();
  throw new RateLimitStoreError({
    store: 'shared',
    operation: 'compare-and-set',
    bucket: keys.join(', '),
    failure: `the state kept changing under other writers (${attempts} attempts)`,
  });
}
