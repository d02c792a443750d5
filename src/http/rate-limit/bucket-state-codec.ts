/**
 * Bucket states as text for a shared store: `<version>:<JSON state>`. Whatever is stored may have
 * been written by another version of the toolkit or by something else entirely, so reading
 * never throws: a value without a version is absent, and a versioned value whose state is not
 * a bucket state reads as "nothing known" under its version, so that the next write replaces it.
 * Numbers that are not finite are refused field by field, on writing and on reading: such a
 * field reads as unknown, the rest of the state as written.
 * @module
 */
import { decodeConcurrencyRecord } from './concurrency-record.js';
import { decodeFollowUpRecord } from './follow-up-record.js';
import { MAX_IN_FLIGHT_LEASES } from './in-flight-leases.js';
import type {
  BucketState,
  CountedRequests,
  InFlightLease,
  VersionedBucketState,
} from './rate-limit-store.js';
import { decodeRouteScopeRecord } from './route-scope-record.js';

/** Versions beyond this many digits are not exact as doubles (in Lua or JavaScript): treated as absent. */
export const MAX_VERSION_DIGITS = 15;
/**
 * A state the toolkit writes is a few kilobytes (at most 48 ledger groups and 64 leases): text
 * far beyond that was not written by it, and is not parsed.
 */
const MAX_STATE_CHARS = 65_536;
/** The ledger keeps at most 48 groups (`bucket-math.ts`); a longer one is foreign. */
const MAX_COUNTED_GROUPS = 48;
const VERSIONED = new RegExp(`^(\\d{1,${MAX_VERSION_DIGITS}}):`);
const OPTIONAL_FIELDS = [
  'limit',
  'windowMs',
  'remaining',
  'resetAt',
  'paceTokens',
  'paceUpdatedAt',
  'learnedRate',
  'refusedRate',
  'rateDepth',
  'rateCeiling',
  'rateChangedAt',
  'rateCutAt',
  'acceptedSinceCut',
  'waitStatedUntil',
  'waitMarginMs',
  'acceptedSince',
  'accepted',
  'acceptedBefore',
  'refusalStreak',
  'backoffStreak',
  'backoffStepEnd',
  'backoffProbeUntil',
  'readingSentAt',
  'readingReceivedAt',
  'lastGrantAt',
  'roundTripMs',
  'offerRemaining',
  'offerReadAt',
  'offerSentAt',
  'offerSince',
  'offerUntil',
  'anchorRemaining',
  'anchorResetAt',
  'resetGrainMs',
  'openedSentAt',
  'openedReceivedAt',
  'windowAtLeast',
  'windowAtMost',
  'phaseProbeAt',
  'phaseProbeUntil',
  'grantsTotal',
  'leakPerMs',
  'leakFromSentAt',
  'leakFromRemaining',
  'leakFromGrants',
  'leakCutUntil',
  'refusedUntil',
  'refillEveryMs',
  'unitCost',
  'remainingHigh',
  'readingGrants',
] as const;

/** The JSON of `state`, with only the fields of a bucket state. */
export function encodeBucketState(state: BucketState): string {
  const fields: Record<string, unknown> = { blockedUntil: state.blockedUntil };
  for (const name of OPTIONAL_FIELDS) {
    const value = state[name];
    // JSON would write NaN or Infinity as null: a number that is not finite is not written.
    if (isFiniteNumber(value)) fields[name] = value;
  }
  if (state.rateSlowStart !== undefined) fields.rateSlowStart = state.rateSlowStart;
  if (state.gradual !== undefined) fields.gradual = state.gradual;
  if (state.windowed !== undefined) fields.windowed = state.windowed;
  if (state.sliding !== undefined) fields.sliding = state.sliding;
  if (state.otherUnits !== undefined) fields.otherUnits = state.otherUnits;
  if (state.phaseOff !== undefined) fields.phaseOff = state.phaseOff;
  if (state.stepwise !== undefined) fields.stepwise = state.stepwise;
  if (state.counted !== undefined) fields.counted = state.counted;
  if (state.inFlight !== undefined) fields.inFlight = state.inFlight;
  if (state.concurrency !== undefined) fields.concurrency = state.concurrency;
  if (state.routes !== undefined) fields.routes = state.routes;
  if (state.spentBy !== undefined) fields.spentBy = state.spentBy;
  if (state.followUps !== undefined) fields.followUps = state.followUps;
  return JSON.stringify(fields);
}

/** The stored text as a versioned state; undefined when it carries no version (absent). */
export function decodeVersionedState(text: string): VersionedBucketState | undefined {
  const match = VERSIONED.exec(text);
  if (!match) return undefined;
  const version = Number(match[1]);
  if (version === 0) return undefined;
  return { version, state: decodeState(text.slice(match[0].length)) ?? { blockedUntil: 0 } };
}

function decodeState(json: string): BucketState | undefined {
  if (json.length > MAX_STATE_CHARS) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  if (!isFiniteNumber(record.blockedUntil)) return undefined;
  const state: { -readonly [K in keyof BucketState]: BucketState[K] } = { blockedUntil: record.blockedUntil };
  for (const name of OPTIONAL_FIELDS) {
    // A field that is not a finite number (null, as JSON writes NaN) is unknown on its own: the
    // rest of the state still holds (dropping it all would forget the quota on every read).
    const value = record[name];
    if (isFiniteNumber(value)) state[name] = value;
  }
  if (typeof record.rateSlowStart === 'boolean') state.rateSlowStart = record.rateSlowStart;
  if (typeof record.gradual === 'boolean') state.gradual = record.gradual;
  if (typeof record.windowed === 'boolean') state.windowed = record.windowed;
  if (typeof record.sliding === 'boolean') state.sliding = record.sliding;
  if (typeof record.otherUnits === 'boolean') state.otherUnits = record.otherUnits;
  if (typeof record.phaseOff === 'boolean') state.phaseOff = record.phaseOff;
  if (typeof record.stepwise === 'boolean') state.stepwise = record.stepwise;
  if (record.counted !== undefined) {
    if (
      !Array.isArray(record.counted) ||
      record.counted.length > MAX_COUNTED_GROUPS ||
      !record.counted.every(isCountedRequests)
    )
      return undefined;
    state.counted = record.counted;
  }
  if (record.inFlight !== undefined) {
    if (
      !Array.isArray(record.inFlight) ||
      record.inFlight.length > MAX_IN_FLIGHT_LEASES ||
      !record.inFlight.every(isInFlightLease)
    )
      return undefined;
    state.inFlight = record.inFlight;
  }
  if (record.concurrency !== undefined) {
    // A record of caps and job slots that is not the toolkit's reads as nothing known.
    const concurrency = decodeConcurrencyRecord(record.concurrency);
    if (concurrency !== undefined) state.concurrency = concurrency;
  }
  if (isRouteKeys(record.spentBy)) state.spentBy = record.spentBy;
  if (record.routes !== undefined) {
    // Route scopes that are not the toolkit's read as nothing known: the routes are learned again.
    const routes = decodeRouteScopeRecord(record.routes);
    if (routes !== undefined) state.routes = routes;
  }
  if (record.followUps !== undefined) {
    // Announced polls that are not the toolkit's read as none: submissions go as alone.
    const followUps = decodeFollowUpRecord(record.followUps);
    if (followUps !== undefined) state.followUps = followUps;
  }
  return state;
}

/** At most this many routes are kept as spending a quota (see `spentBy`), each a route key this long at most. */
export const MAX_SPENDING_ROUTES = 16;
const MAX_ROUTE_KEY_LENGTH = 2_048;

function isRouteKeys(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_SPENDING_ROUTES &&
    value.every((key) => typeof key === 'string' && key.length <= MAX_ROUTE_KEY_LENGTH)
  );
}

function isCountedRequests(value: unknown): value is CountedRequests {
  return Array.isArray(value) && value.length === 3 && value.every(isFiniteNumber);
}

/** Owner ids are the toolkit's own (a UUID); anything longer was not written by it. */
const MAX_OWNER_LENGTH = 64;

function isInFlightLease(value: unknown): value is InFlightLease {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [owner, count, until] = value as unknown[];
  return (
    typeof owner === 'string' &&
    owner.length > 0 &&
    owner.length <= MAX_OWNER_LENGTH &&
    Number.isSafeInteger(count) &&
    (count as number) >= 0 &&
    isFiniteNumber(until)
  );
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
