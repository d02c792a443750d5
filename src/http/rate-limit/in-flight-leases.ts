/**
 * Requests granted on a quota and not yet answered, per governor sharing the quota's state.
 *
 * An answer says what the server had counted when it handled that request; requests granted
 * before it but still on their way (in this process or in another one sharing the store) are
 * not in that count and will be. The ledger must keep that many of its uncounted grants, and
 * only a count shared through the store says how many there are fleet-wide: each governor
 * writes its own count with every write it makes to the bucket (a grant, a reading, the moment
 * its last request is answered), as a lease that ends when its latest grant stops counting
 * anyway. A process that dies holds nothing past its grants' own expiry, and no timing constant
 * decides when a grant has reached the server.
 * @module
 */
import type { BucketState, InFlightLease } from './rate-limit-store.js';

/** At most this many governors' counts are kept per quota; beyond, the leases ending first go. */
export const MAX_IN_FLIGHT_LEASES = 64;

/** The leases of `state` still running at `now`. */
function liveLeases(state: BucketState, now: number): InFlightLease[] {
  return (state.inFlight ?? []).filter(([, count, until]) => count > 0 && until > now);
}

/** Requests granted on the quota and not yet answered, by every governor sharing it, at `now`. */
export function inFlightEverywhere(state: BucketState, now: number): number {
  return liveLeases(state, now).reduce((sum, [, count]) => sum + count, 0);
}

/** The latest moment one of the quota's counted requests stops counting (none: `now`). */
function lastExpiry(state: BucketState, now: number): number {
  return (state.counted ?? []).reduce((latest, [, expiresAt]) => Math.max(latest, expiresAt), now);
}

/**
 * `state` with `owner`'s count of requests in flight set to `count` (none: its lease removed),
 * leased until the last of the quota's counted requests expires, and expired leases dropped.
 */
export function withInFlight(state: BucketState, owner: string, count: number, now: number): BucketState {
  const others = liveLeases(state, now).filter(([id]) => id !== owner);
  const until = lastExpiry(state, now);
  const leases: InFlightLease[] = count > 0 && until > now ? [...others, [owner, count, until]] : others;
  if (leases.length > MAX_IN_FLIGHT_LEASES) {
    leases.sort((first, second) => second[2] - first[2]);
    leases.length = MAX_IN_FLIGHT_LEASES;
  }
  if (leases.length === 0) {
    if (state.inFlight === undefined) return state;
    const { inFlight: _dropped, ...rest } = state;
    return rest;
  }
  return { ...state, inFlight: leases };
}
