/**
 * Quotas of units other than requests (tokens, bytes): what one request costs is unknown before
 * its answer, and not every route spends them (a poll costs no tokens, though every answer reads
 * the deployment's tokens). So such a quota holds only the routes shown to spend it: a route
 * refused while a reading said the quota was spent. Until one route is, every route may.
 *
 * What a spending request has cost lately is measured between two readings (the units gone over
 * the spending requests granted in between), and requests on their way are held against it: with
 * 1,000 tokens left, one request on its way that cost 800 last time, the next waits for its
 * answer instead of going to be refused. It never divides the quota into requests otherwise.
 * @module
 */
import { MAX_SPENDING_ROUTES } from './bucket-state-codec.js';
import { inFlightEverywhere } from './in-flight-leases.js';
import type { BucketState, CountedRequests } from './rate-limit-store.js';

/** A spending request not yet counted by a reading is kept this long at most. */
const REMEMBERED_GRANT_MS = 60_000;
/** Spending requests kept at most (the oldest dropped first). */
const MAX_SPENDING_GRANTS = 48;
/** A request held for those on their way looks again this soon (another process's answer wakes nobody here). */
const LOOK_AGAIN_MS = 20;

/** Whether requests of `routeKey` draw on the quota (every route, until one is shown to). */
export function spends(state: BucketState, routeKey: string | undefined): boolean {
  if (routeKey === undefined || state.spentBy === undefined || state.spentBy.length === 0) return true;
  return state.spentBy.includes(routeKey);
}

/** `spentBy` with `routeKey` added (the most recent kept when the list is full). */
export function withSpender(state: BucketState, routeKey: string | undefined): Partial<BucketState> {
  if (routeKey === undefined || !state.otherUnits) return {};
  const known = state.spentBy ?? [];
  if (known.includes(routeKey)) return {};
  return { spentBy: [...known, routeKey].slice(-MAX_SPENDING_ROUTES) };
}

function countAfter(
  counted: readonly CountedRequests[],
  stamp: number,
  until = Number.POSITIVE_INFINITY,
): number {
  return counted
    .filter(([grantedAt]) => grantedAt > stamp && grantedAt <= until)
    .reduce((sum, [, , count]) => sum + count, 0);
}

/** The state once a request of `routeKey` is granted at `grantedAt`: counted if the route spends the quota. */
export function spendingGrant(
  state: BucketState,
  now: number,
  grantedAt: number,
  routeKey: string | undefined,
): BucketState {
  const stamped = { ...state, lastGrantAt: Math.max(grantedAt, state.lastGrantAt ?? grantedAt) };
  if (!spends(state, routeKey)) return stamped;
  const kept = (state.counted ?? []).filter(([, expiresAt]) => expiresAt > now);
  const counted: CountedRequests[] = [...kept, [grantedAt, now + REMEMBERED_GRANT_MS, 1]];
  return { ...stamped, counted: counted.slice(-MAX_SPENDING_GRANTS) };
}

/**
 * What a spending request cost, from the reading of `remaining` for the request sent at `sentAt`
 * against the reading before it: the units gone over the spending requests granted in between.
 * A refill in between shows no cost (nothing is learned); one request on its way unseen makes the
 * cost look lower, so the higher of it and three quarters of the last is kept.
 */
export function costAfter(state: BucketState, remaining: number, sentAt: number): Partial<BucketState> {
  const { remaining: before, readingSentAt } = state;
  if (before === undefined || readingSentAt === undefined || sentAt <= readingSentAt) return {};
  const between = countAfter(state.counted ?? [], readingSentAt, sentAt);
  const gone = before - remaining;
  if (between === 0 || gone <= 0) return {};
  return { unitCost: Math.max(gone / between, ((state.unitCost ?? 0) * 3) / 4) };
}

/**
 * How long a spending request waits for those on their way: while what the last reading left,
 * less what they may cost, would not pay for one more. Undefined when it may go.
 */
export function inFlightWait(state: BucketState, now: number): number | undefined {
  const { unitCost, remaining } = state;
  if (unitCost === undefined || remaining === undefined) return undefined;
  // Never more than every process's requests on the quota still unanswered (a request that failed
  // on its way is no longer one of them, though no reading took it off the ledger).
  const onTheirWay = Math.min(
    countAfter(state.counted ?? [], state.readingSentAt ?? Number.NEGATIVE_INFINITY),
    inFlightEverywhere(state, now),
  );
  if (onTheirWay === 0 || remaining - (onTheirWay + 1) * unitCost >= 0) return undefined;
  return LOOK_AGAIN_MS;
}
