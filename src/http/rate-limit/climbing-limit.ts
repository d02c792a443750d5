/**
 * A limit on things at once learned from refusals (the cap on requests in flight, the job
 * limit) climbs back by one after a quiet spell, so that one refusal never shrinks it for good
 * and a raised limit is followed; the spell doubles each time a climb meets a refusal again
 * (the climb overshot: the limit before it was the right one). One mechanism for both limits,
 * applied to the shared record inside its compare-and-set, so a fleet climbs once, not once per
 * process.
 * @module
 */
import type { ConcurrencyRecord } from './concurrency-record.js';

/** Where one learned limit keeps its value and its climb in the record, and its spells. */
export interface ClimbingLimit {
  readonly value: 'cap' | 'jobLimit';
  readonly climbAt: 'capClimbAt' | 'jobClimbAt';
  readonly climbAfterMs: 'capClimbAfterMs' | 'jobClimbAfterMs';
  readonly climbed: 'capClimbed' | 'jobClimbed';
  /** The first quiet spell before a climb. */
  readonly firstMs: number;
  /** The longest, however often climbs were refused. */
  readonly longestMs: number;
}

/** The cap on requests in flight: a server refuses at once, so a climb is tried soon. */
export const IN_FLIGHT_CAP: ClimbingLimit = {
  value: 'cap',
  climbAt: 'capClimbAt',
  climbAfterMs: 'capClimbAfterMs',
  climbed: 'capClimbed',
  firstMs: 10_000,
  longestMs: 300_000,
};

/** The account's limit on jobs at once: jobs last, so a climb waits longer. */
export const JOB_LIMIT: ClimbingLimit = {
  value: 'jobLimit',
  climbAt: 'jobClimbAt',
  climbAfterMs: 'jobClimbAfterMs',
  climbed: 'jobClimbed',
  firstMs: 30_000,
  longestMs: 600_000,
};

/** `record` with `limit` one higher when its climb is due at `now` (else `record` itself). */
export function climbed(record: ConcurrencyRecord, limit: ClimbingLimit, now: number): ConcurrencyRecord {
  const value = record[limit.value];
  const climbAt = record[limit.climbAt];
  if (value === undefined || climbAt === undefined || now < climbAt) return record;
  return {
    ...record,
    [limit.value]: value + 1,
    [limit.climbed]: true,
    [limit.climbAt]: now + (record[limit.climbAfterMs] ?? limit.firstMs),
  };
}

/**
 * `record` with `limit` learned as `value` from a refusal at `now`: it climbs again after the
 * quiet spell, doubled when the refusal came after a climb, and never before `notBefore` (the
 * end of the wait the refusal asked for: a climb sooner is a request the server asked not to get).
 */
export function learned(
  record: ConcurrencyRecord,
  limit: ClimbingLimit,
  value: number,
  now: number,
  notBefore = 0,
): ConcurrencyRecord {
  const spell = record[limit.climbAfterMs] ?? limit.firstMs;
  const climbAfterMs = record[limit.climbed] ? Math.min(limit.longestMs, spell * 2) : spell;
  return {
    ...record,
    [limit.value]: value,
    [limit.climbed]: false,
    [limit.climbAfterMs]: climbAfterMs,
    [limit.climbAt]: Math.max(now + climbAfterMs, notBefore),
  };
}
