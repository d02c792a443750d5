/**
 * The follow-ups (job polls) every process of a fleet announced, shared through the rate-limit
 * store under `<origin>#follow-ups`, so that one process's new work leaves the units another
 * process's polls need.
 *
 * Why: the polls of one wave fall due a few milliseconds apart across processes, and each
 * process knew only its own (`expected-follow-ups.ts`): a submission of the quickest member took
 * the units another member's polls were about to ask for, and those polls went a whole window
 * late (a sliding log through Redis: 92.7 % of the quota, 1.11x the least time).
 *
 * Round trips: announcements (and the polls granted, which take theirs out) are written one
 * cycle at a time per origin, those made meanwhile together in the next; each write reads what
 * the others announced, and that copy is what a submission consults, inside the grant's own read
 * of the quota. A submission reads the record itself only when polls are due soon or its copy is
 * older than the overtake limit. Only quotas whose polls may hold new work are announced (see
 * `holds`). A store that fails leaves this process with its own announcements, as alone.
 * @module
 */

import { remainingAt } from './bucket-math.js';
import { compareAndSetCycle } from './compare-and-set-cycle.js';
import { FOLLOW_UP_HORIZON_MS } from './expected-follow-ups.js';
import {
  decodeFollowUpRecord,
  FOLLOW_UP_OVERDUE_MS,
  type FollowUpDue,
  ownBucket,
  withFollowUps,
} from './follow-up-record.js';
import { quietly } from './quietly.js';
import type { BucketState, RateLimitStore } from './rate-limit-store.js';
import { insertSorted } from './sorted-insert.js';

/** Writers of one record are the fleet's pollers: a write lost this often is given up (the polls go unannounced). */
const MAX_CAS_ATTEMPTS = 16;
/** One follow-up of this process: when it is due, the quotas it draws on, the entries written for it. */
interface OwnFollowUp {
  readonly at: number;
  readonly buckets: readonly string[];
  readonly announced: FollowUpDue[];
}
/** The record outlives its last announcement by this long at most: polls are due within seconds. */
const RECORD_TTL_MS = 60_000;

/** How long new work waits for the fleet's polls, and the quota they would leave short. */
export interface FollowUpHold {
  readonly waitMs: number;
  readonly bucket: string;
}

export class FleetFollowUps {
  /** Per origin, announcements not written yet. */
  readonly #pending = new Map<string, FollowUpDue[]>();
  /** Per origin, this process's follow-ups granted whose announcements are not taken out yet. */
  readonly #gone = new Map<string, FollowUpDue[]>();
  /**
   * Per origin, this process's follow-ups not granted yet, earliest first (the earliest goes
   * with each grant), each with the quotas it draws on and the entries written for it: only
   * quotas whose polls may hold new work are written, and a quota read as one later has its
   * follow-ups waiting then written too (see {@link hold}).
   */
  readonly #own = new Map<string, OwnFollowUp[]>();
  /** Origins whose record is being written. */
  readonly #writing = new Set<string>();
  /** Per origin, the fleet's announcements as last read (own ones added, and taken out, at once). */
  readonly #known = new Map<string, FollowUpDue[]>();
  /** Per origin, when the fleet's record was last read. */
  readonly #readAt = new Map<string, number>();
  /**
   * Quotas last read as ones whose polls may hold new work (see {@link holds}): only their
   * polls are announced (on the others they would hold nothing, the writes for nothing).
   */
  readonly #counted = new Set<string>();

  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number,
  ) {}

  /** A follow-up to `origin`, drawing on `buckets`, is due at `at`: written for the fleet. */
  expect(origin: string, buckets: readonly string[], at: number): void {
    // Follow-ups of this process never granted (their jobs ended otherwise) leave with the record's.
    const own = (this.#own.get(origin) ?? []).filter((followUp) => followUp.at + FOLLOW_UP_OVERDUE_MS > at);
    this.#own.set(origin, own);
    const followUp: OwnFollowUp = { at, buckets, announced: [] };
    insertSorted(own, followUp, (entry) => entry.at);
    this.#announce(
      origin,
      buckets.filter((bucket) => this.#counted.has(bucket)),
      [followUp],
    );
  }

  /** Writes `followUps`' entries on `buckets` for the fleet (those not written yet). */
  #announce(origin: string, buckets: readonly string[], followUps: readonly OwnFollowUp[]): void {
    const added: FollowUpDue[] = [];
    for (const followUp of followUps) {
      for (const bucket of buckets) {
        if (!followUp.buckets.includes(bucket) || followUp.announced.some(([name]) => name === bucket))
          continue;
        const entry: FollowUpDue = [bucket, followUp.at];
        followUp.announced.push(entry);
        added.push(entry);
      }
    }
    if (added.length === 0) return;
    this.#known.set(origin, withFollowUps(this.#known.get(origin) ?? [], added, this.now()));
    this.#pending.set(origin, [...(this.#pending.get(origin) ?? []), ...added]);
    if (!this.#writing.has(origin)) void this.#write(origin);
  }

  /**
   * A follow-up to `origin` was granted at `now`: this process's earliest announcement (due by
   * the horizon) is taken to be it and taken out of the record, whatever quotas it named (a
   * route announced while it borrowed a relative's quota is granted on its own). Until then it
   * stays, however late: a poll waiting for a unit still needs one.
   */
  granted(origin: string, now: number): void {
    const own = this.#own.get(origin);
    if (own === undefined) return;
    const first = own[0];
    if (first === undefined || first.at > now + FOLLOW_UP_HORIZON_MS) return;
    own.shift();
    if (own.length === 0) this.#own.delete(origin);
    const gone = first.announced;
    if (gone.length === 0) return;
    this.#known.set(origin, withFollowUps(this.#known.get(origin) ?? [], [], now, gone));
    this.#gone.set(origin, [...(this.#gone.get(origin) ?? []), ...gone]);
    if (!this.#writing.has(origin)) void this.#write(origin);
  }

  async #write(origin: string): Promise<void> {
    this.#writing.add(origin);
    try {
      while (this.#pending.has(origin) || this.#gone.has(origin)) {
        const added = this.#pending.get(origin) ?? [];
        const gone = this.#gone.get(origin) ?? [];
        this.#pending.delete(origin);
        this.#gone.delete(origin);
        const written = await quietly(
          compareAndSetCycle({
            store: this.store,
            keys: [`${origin}#follow-ups`],
            ttlMs: RECORD_TTL_MS,
            attempts: MAX_CAS_ATTEMPTS,
            change: ([current]) => {
              const stored = decodeFollowUpRecord(current?.state.followUps, origin) ?? [];
              const next = withFollowUps(stored, added, this.now(), gone);
              return { writes: [{ blockedUntil: 0, followUps: next }], result: next };
            },
          }),
        );
        // Unwritten (the store failed, or others kept winning): what is known stays this process's own.
        if (written !== undefined) this.#learn(origin, written);
      }
    } finally {
      this.#writing.delete(origin);
    }
  }

  /** The fleet's record as read, with this process's changes not written yet. */
  #learn(origin: string, record: readonly FollowUpDue[]): void {
    const now = this.now();
    this.#readAt.set(origin, now);
    this.#known.set(
      origin,
      withFollowUps(record, this.#pending.get(origin) ?? [], now, this.#gone.get(origin)),
    );
  }

  /**
   * Reads the fleet's announcements for `origin` again, before new work is granted on a quota
   * whose count is known: when the copy here says polls are due within `withinMs` of `now` (a
   * copy read at this process's last announcement misses those others made since: a wave's
   * announcements are spread over as long as its submissions were), or when it was read more
   * than `withinMs` ago (a process that polls nothing itself learns of others' polls only so).
   * Otherwise no round trip, and nothing to wait for (undefined): a grant decided without
   * yielding keeps the fleet's store commands in the order they had.
   */
  refresh(origin: string, now: number, withinMs: number): Promise<void> | undefined {
    if (![...this.#counted].some((bucket) => ownBucket(bucket, origin))) return undefined;
    const known = this.#known.get(origin) ?? [];
    const readLately = (this.#readAt.get(origin) ?? Number.NEGATIVE_INFINITY) + withinMs > now;
    if (readLately && !known.some(([, at]) => at <= now + withinMs)) return undefined;
    return this.#read(origin);
  }

  async #read(origin: string): Promise<void> {
    const stored = await quietly(this.store.read(`${origin}#follow-ups`));
    const record = decodeFollowUpRecord(stored?.state.followUps, origin);
    if (record !== undefined) this.#learn(origin, record);
  }

  /**
   * How long new work to `origin` drawing on `buckets` (whose states at `now` are `states`)
   * waits for the fleet's polls, or undefined when it may go. It waits only when a quota would
   * run short of its polls within `lookAheadMs`: taking one unit now, what it has left plus the
   * units coming back by each poll's moment would not cover the polls due by then, those late
   * included (a free quota holds nothing). Units coming back at the pace polls fall due leave
   * nothing spare: compared one unit ahead only, a submission took each spare unit in turn and
   * the wave's last poll went a window late. It waits until the first of those polls is due (or,
   * overdue, for the horizon: it may be granted by then); the hold names the quota that runs
   * short (the longest hold's), the one a wait event reports.
   */
  hold(
    origin: string,
    buckets: readonly string[],
    states: readonly BucketState[],
    now: number,
    lookAheadMs: number,
  ): FollowUpHold | undefined {
    const nowCounted: string[] = [];
    buckets.forEach((bucket, index) => {
      const state = states[index];
      if (state === undefined || !holds(state)) this.#counted.delete(bucket);
      else if (!this.#counted.has(bucket)) {
        this.#counted.add(bucket);
        nowCounted.push(bucket);
      }
    });
    // Polls announced before their quota's count was known (the first wave's, answered before
    // the first grant read it) are written now: unwritten, another process's new work took the
    // units they needed, and each such poll went a whole window late (two processes on a
    // sliding log: one caller out of step from the first second to the last, 1.10x the least).
    if (nowCounted.length > 0) this.#announce(origin, nowCounted, this.#own.get(origin) ?? []);
    const known = this.#known.get(origin);
    if (known === undefined || known.length === 0) return undefined;
    let hold: FollowUpHold | undefined;
    buckets.forEach((bucket, index) => {
      const state = states[index]!;
      if (!holds(state)) return;
      const remaining = remainingAt(state, now);
      if (remaining === undefined) return;
      const until = now + lookAheadMs;
      const due = known.filter(([name, at]) => name === bucket && at <= until);
      if (due.length === 0) return;
      if (!runsShort(state, due, remaining - 1, now, until, lookAheadMs)) return;
      const first = due[0]![1];
      const end = first > now ? first : now + FOLLOW_UP_HORIZON_MS;
      if (hold === undefined || end - now > hold.waitMs) hold = { waitMs: end - now, bucket };
    });
    return hold;
  }
}

/**
 * Whether polls announced on a quota in `state` may hold new work: its count is known (a limit),
 * it is not spent by others outside the fleet, and it comes back in whole windows or as each
 * request leaves a sliding log, not as it goes: a bucket that refills continuously gives a poll
 * left short a unit within one refill's time, and holding new work for it only moved the run's
 * last submissions later (OpenAI's buckets through Redis: 1.01x -> 1.06x the least time).
 */
function holds(state: BucketState): boolean {
  return (
    state.limit !== undefined && !state.otherUnits && state.gradual !== true && state.leakPerMs === undefined
  );
}

/**
 * Whether `left` units at `now`, plus those `state`'s ledger gives back by each moment until
 * `until`, fall short of the polls `due` (earliest first) by then.
 */
function runsShort(
  state: BucketState,
  due: readonly FollowUpDue[],
  left: number,
  now: number,
  until: number,
  slackMs: number,
): boolean {
  const back = (state.counted ?? [])
    .filter(([, expiresAt]) => expiresAt > now && expiresAt <= until + slackMs)
    .sort((a, b) => a[1] - b[1]);
  let available = left;
  let next = 0;
  for (const [, at] of due) {
    // Units back by the poll's moment count for it (a unit back as it is due serves it).
    while (next < back.length && back[next]![1] <= at + slackMs) {
      available += back[next]![2];
      next += 1;
    }
    available -= 1;
    if (available < 0) return true;
  }
  return false;
}
