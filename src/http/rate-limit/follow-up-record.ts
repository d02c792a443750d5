/**
 * The follow-ups a fleet's job pollers announced for one origin, kept in the rate-limit store
 * (as the `followUps` field of a state under `<origin>#follow-ups`): each a moment a poll is due
 * and the quota it draws on. A process's submission then leaves the units other processes' polls
 * need (see `fleet-follow-ups.ts`).
 * @module
 */
/** One announced follow-up: the quota it draws on, and when it is due. */
export type FollowUpDue = readonly [bucket: string, at: number];

/**
 * Follow-ups kept per origin: a wave of polls is as many as the account's jobs in flight; beyond,
 * the latest announced go first (the earliest are the ones about to arrive).
 */
export const MAX_FOLLOW_UPS = 256;
/**
 * An announced follow-up stays this long past its moment unless the process that announced it
 * says it went: a poll late because the quota had no unit for it still needs one (forgotten 10 ms
 * past its moment, it let other processes' submissions take the units it waited for), and one
 * that never comes (its job aborted, its process gone) must not reserve a unit for ever.
 */
export const FOLLOW_UP_OVERDUE_MS = 30_000;
/** Bucket names are the origin and a policy or a path group (`route-key.ts`). */
const MAX_BUCKET_LENGTH = 256;

/**
 * `record` with `added` merged in and one entry taken out for each of `gone` (follow-ups that
 * were granted), without those overdue by {@link FOLLOW_UP_OVERDUE_MS} at `now` (never coming),
 * earliest first, at most {@link MAX_FOLLOW_UPS}.
 */
export function withFollowUps(
  record: readonly FollowUpDue[],
  added: readonly FollowUpDue[],
  now: number,
  gone: readonly FollowUpDue[] = [],
): FollowUpDue[] {
  const left = [...record];
  for (const [bucket, at] of gone) {
    const index = left.findIndex(([name, moment]) => name === bucket && moment === at);
    if (index >= 0) left.splice(index, 1);
  }
  return [...left, ...added]
    .filter(([, at]) => at + FOLLOW_UP_OVERDUE_MS > now)
    .sort((a, b) => a[1] - b[1])
    .slice(0, MAX_FOLLOW_UPS);
}

/**
 * The stored record, when it is the toolkit's and names only `origin`'s quotas (when `origin`
 * is given): anything else reads as nothing announced.
 */
export function decodeFollowUpRecord(value: unknown, origin?: string): FollowUpDue[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_FOLLOW_UPS) return undefined;
  const dues: FollowUpDue[] = [];
  for (const entry of value as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) return undefined;
    const [bucket, at] = entry as unknown[];
    if (typeof bucket !== 'string' || bucket.length > MAX_BUCKET_LENGTH) return undefined;
    if (typeof at !== 'number' || !Number.isFinite(at)) return undefined;
    if (origin !== undefined && !ownBucket(bucket, origin)) return undefined;
    dues.push([bucket, at]);
  }
  return dues;
}

/** Whether `bucket` is one of `origin`'s quotas (its name starts with the origin). */
export function ownBucket(bucket: string, origin: string): boolean {
  if (!bucket.startsWith(origin)) return false;
  const next = bucket.charAt(origin.length);
  return next === '' || next === '#' || next === '/';
}
