/**
 * A refilling bucket's state holds finite numbers only, so that it survives a shared store's
 * JSON: before, grants in a burst computed 0 × Infinity tokens (NaN), JSON wrote null, and every
 * read of the Redis store forgot the whole bucket. The codec refuses non-finite numbers field by
 * field, never the whole state.
 */
import { describe, expect, it } from 'vitest';
import { decodeVersionedState, encodeBucketState } from '../../src/http/rate-limit/bucket-state-codec.js';
import { type BucketState, MemoryRateLimitStore } from '../../src/http/rate-limit/rate-limit-store.js';
import { refillingBucket } from './support/refilling-bucket.js';

function numbersOf(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbersOf);
  return [];
}

describe('a refilling bucket’s state', () => {
  const state = refillingBucket();

  it('is recognised as refilling and holds finite numbers only', () => {
    expect(state.gradual).toBe(true);
    expect(state.paceTokens).toBeDefined();
    expect(numbersOf(state).every(Number.isFinite)).toBe(true);
  });

  it('round-trips through the store text unchanged', () => {
    expect(decodeVersionedState(`3:${encodeBucketState(state)}`)).toEqual({ version: 3, state });
  });

  it('round-trips through the memory store unchanged', async () => {
    const store = new MemoryRateLimitStore(() => 0);
    expect(await store.compareAndSet('quota', 0, state, 60_000)).toBe(true);
    expect(await store.read('quota')).toMatchObject({ version: 1, state });
  });

  it('never writes a number that is not finite, and reads such a field alone as unknown', () => {
    const broken: BucketState = { ...state, paceTokens: Number.NaN, resetAt: Number.POSITIVE_INFINITY };
    const { paceTokens: _pace, resetAt: _reset, ...rest } = state;
    expect(encodeBucketState(broken)).not.toMatch(/null|NaN|Infinity/);
    expect(decodeVersionedState(`3:${encodeBucketState(broken)}`)).toEqual({ version: 3, state: rest });
    // What another writer stored as null (JSON's NaN) drops that field, not the bucket.
    const foreign = JSON.stringify({ ...JSON.parse(encodeBucketState(state)), paceTokens: null });
    expect(decodeVersionedState(`5:${foreign}`)).toEqual({
      version: 5,
      state: { ...state, paceTokens: undefined },
    });
  });
});
