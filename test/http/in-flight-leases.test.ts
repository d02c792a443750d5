/**
 * Each governor's requests in flight, kept in the shared bucket state: leases end with the
 * quota's last counted request, stay bounded, and what a store returns under that field is
 * checked like the rest of the state.
 */
import { describe, expect, it } from 'vitest';
import { decodeVersionedState, encodeBucketState } from '../../src/http/rate-limit/bucket-state-codec.js';
import {
  inFlightEverywhere,
  MAX_IN_FLIGHT_LEASES,
  withInFlight,
} from '../../src/http/rate-limit/in-flight-leases.js';
import type { BucketState } from '../../src/http/rate-limit/rate-limit-store.js';

const counting: BucketState = { blockedUntil: 0, limit: 10, counted: [[1_000, 61_000, 3]] };

describe('requests in flight shared through the bucket state', () => {
  it('sums every governor’s count, each leased until the last counted request expires', () => {
    const state = withInFlight(withInFlight(counting, 'a', 2, 1_000), 'b', 3, 1_000);
    expect(state.inFlight).toEqual([
      ['a', 2, 61_000],
      ['b', 3, 61_000],
    ]);
    expect(inFlightEverywhere(state, 2_000)).toBe(5);
    // A governor that stops (a crashed process) holds nothing once its grants stop counting.
    expect(inFlightEverywhere(state, 61_000)).toBe(0);
  });

  it('drops a governor’s lease when its last request is answered, and the field when none is left', () => {
    const state = withInFlight(withInFlight(counting, 'a', 2, 1_000), 'a', 0, 1_500);
    expect(state.inFlight).toBeUndefined();
    expect(inFlightEverywhere(state, 1_500)).toBe(0);
  });

  it('keeps at most a bounded number of leases', () => {
    let state = counting;
    for (let index = 0; index < MAX_IN_FLIGHT_LEASES + 10; index += 1)
      state = withInFlight(state, `governor-${index}`, 1, 1_000);
    expect(state.inFlight).toHaveLength(MAX_IN_FLIGHT_LEASES);
  });

  it('round-trips through the store text, and foreign leases read as nothing known', () => {
    const state = withInFlight(counting, 'a', 2, 1_000);
    expect(decodeVersionedState(`4:${encodeBucketState(state)}`)).toEqual({ version: 4, state });
    for (const foreign of [
      [['a', -1, 5]],
      [['a', 1.5, 5]],
      [['', 1, 5]],
      [['x'.repeat(65), 1, 5]],
      [[1, 1, 5]],
      'a',
      Array.from({ length: MAX_IN_FLIGHT_LEASES + 1 }, (_, index) => [`g${index}`, 1, 5]),
    ]) {
      const text = `7:${JSON.stringify({ blockedUntil: 0, limit: 3, inFlight: foreign })}`;
      expect(decodeVersionedState(text)).toEqual({ version: 7, state: { blockedUntil: 0 } });
    }
    expect(decodeVersionedState(`2:${' '.repeat(70_000)}{}`)).toEqual({
      version: 2,
      state: { blockedUntil: 0 },
    });
  });
});
