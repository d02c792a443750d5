/**
 * Where the governor keeps what it knows of each quota. In memory by default; a shared store
 * (Redis, a database row) lets several processes draw on one quota. The interface is two
 * operations so that a store can make the write atomic with compare-and-set (a Lua script, a
 * `WATCH`/`MULTI`, a conditional `UPDATE`).
 * @module
 */
import type { ConcurrencyRecord } from './concurrency-record.js';
import type { FollowUpDue } from './follow-up-record.js';
import type { RouteScopeRecord } from './route-scope-record.js';

export type {
  AnswerDue,
  ConcurrencyHolder,
  ConcurrencyRecord,
  ConcurrencyWaiting,
} from './concurrency-record.js';
export type { FollowUpDue } from './follow-up-record.js';
export type { RouteScope, RouteScopeRecord } from './route-scope-record.js';

/**
 * Requests that count against a quota: `[granted at, counts until, how many]`, granted at the
 * same moment and counting until the same moment.
 */
export type CountedRequests = readonly [grantedAt: number, expiresAt: number, count: number];

/**
 * One governor's requests granted on a quota and not yet answered: `[governor id, how many,
 * lease end]`. Kept in the shared state so that an answer that did not count them yet (they
 * are still on their way, from any process) does not take them off the ledger.
 */
export type InFlightLease = readonly [owner: string, count: number, until: number];

/**
 * What the governor knows of one quota. Times are on the governor's clock, in milliseconds.
 *
 * @example
 * // A store keeps the state whole and opaque: JSON in, the same JSON out.
 * const text = JSON.stringify(state);
 * const again = JSON.parse(text) as BucketState;
 */
export interface BucketState {
  /** Quota units per window, when a response said. */
  readonly limit?: number;
  /** Window length: declared by a response, else the longest reset seen after a request. */
  readonly windowMs?: number;
  /** What the server's last reading said was left (the ledger in `counted` is what decides). */
  readonly remaining?: number;
  /** When the server's current window ends, as its last reading said. */
  readonly resetAt?: number;
  /**
   * The quota counts units other than requests (tokens, bytes): each request costs an amount
   * unknown before its answer, so it is not counted per request; it holds requests only while
   * its last reading says it is spent (see `bucket-math.ts`).
   */
  readonly otherUnits?: boolean;
  /** The quota refills as it goes (a token bucket), its reset the moment it is full again. */
  readonly gradual?: boolean;
  /**
   * When the latest request granted on the quota was stamped, by any governor sharing it: each
   * grant's stamp is later (see `grantStamp` in `bucket-math.ts`).
   */
  readonly lastGrantAt?: number;
  /**
   * How long from a grant to its answer lately (see `observe` in `bucket-math.ts`): a request
   * granted within this much of the window's end may be counted in the next window.
   */
  readonly roundTripMs?: number;
  /** When the request whose answer gave the last reading was sent. */
  readonly readingSentAt?: number;
  /** When the latest reading arrived: requests sent after it reached the server after it. */
  readonly readingReceivedAt?: number;
  /**
   * The burst the server offers: what its freshest reading said was left (`offerRemaining`) in
   * a window that lasts until `offerUntil`, for the request sent at `offerSentAt`; requests
   * granted after `offerSince` (that send less a round trip, for requests of any process
   * still on their way then) are taken off it.
   */
  readonly offerRemaining?: number;
  /** When that reading arrived (a refilling bucket's units come back from then). */
  readonly offerReadAt?: number;
  readonly offerSentAt?: number;
  readonly offerSince?: number;
  readonly offerUntil?: number;
  /**
   * The quota is a window (fixed or sliding), not a bucket that refills as it goes: units were
   * spent between two readings and the announced reset stood still, where a bucket's would
   * have moved later by their refill time. Only a window's offer is spent at once.
   */
  readonly windowed?: boolean;
  /**
   * The window slides (a log of the last window's requests): each request counts for a window
   * after it was sent, not until a reset shared by all. Its reset is when the oldest request
   * leaves; once it passes, the reset moves on by the spacing of the grants after it, where a
   * fixed window's moves a whole window (see `kindEvidence` in `bucket-math.ts`).
   */
  readonly sliding?: boolean;
  /**
   * A reset written in whole units of this many milliseconds (1000: whole seconds): the window
   * may end up to this much before it (see `window-phase.ts`).
   */
  readonly resetGrainMs?: number;
  /** The request that opened the current window: when it was sent and answered. */
  readonly openedSentAt?: number;
  readonly openedReceivedAt?: number;
  /** Bounds on the length of a window that starts with its first request: above the one, at most the other. */
  readonly windowAtLeast?: number;
  readonly windowAtMost?: number;
  /** A probe of the spent window's end on its way: its grant stamp, and how long others wait for it. */
  readonly phaseProbeAt?: number;
  readonly phaseProbeUntil?: number;
  /** The readings showed the window does not start with its first request: never probed. */
  readonly phaseOff?: boolean;
  /** The first reading that announced the current reset: what was left, and that reset. */
  readonly anchorRemaining?: number;
  readonly anchorResetAt?: number;
  /**
   * Every request granted on the quota so far, by any governor sharing it: how many went between
   * two readings, for learning a bucket's refill rate (see `leakRate` in `bucket-math.ts`).
   */
  readonly grantsTotal?: number;
  /**
   * A bucket whose readings state no reset: the rate it refills at, in units per millisecond,
   * learned from successive readings (what came back between them over the time between).
   */
  readonly leakPerMs?: number;
  /** The reading the refill rate is measured from: its request's send, what was left, grants until it. */
  readonly leakFromSentAt?: number;
  readonly leakFromRemaining?: number;
  readonly leakFromGrants?: number;
  /** A refusal halved the refill rate: refusals of requests sent before this moment do not again. */
  readonly leakCutUntil?: number;
  /**
   * The routes shown to spend this quota of other units: each was refused while a reading said
   * the quota was spent. Once one is known, the quota holds only them (a poll that costs no
   * tokens is not held while the tokens are spent); until then, every route it is read on.
   */
  readonly spentBy?: readonly string[];
  /** When the last refusal that showed the quota spent said it comes back. */
  readonly refusedUntil?: number;
  /**
   * How far apart the moments the quota came back lie, learned from the waits of refusals in
   * different windows (the smallest gap): where readings state no reset (Azure's
   * `x-ratelimit-remaining-tokens` alone), a spent quota is back at the next such moment.
   */
  readonly refillEveryMs?: number;
  /** What a spending request of a quota of other units cost lately (see `other-units.ts`). */
  readonly unitCost?: number;
  /**
   * The most a reading of a quota that states neither limit nor reset has said is left: the
   * depth it has shown (the pool may be deeper). See `remaining-only.ts`.
   */
  readonly remainingHigh?: number;
  /** Every governor's grants on the quota up to the request of the last reading (`grantsTotal` then). */
  readonly readingGrants?: number;
  /**
   * The quota's readings, stating neither limit nor reset, showed it comes back in steps (a
   * window), not as it goes: a span in which a measured refill would have brought units back
   * brought none.
   */
  readonly stepwise?: boolean;
  /** The ledger: the requests that count against the quota, each until its own expiry. */
  readonly counted?: readonly CountedRequests[];
  /** Each governor's requests granted and not yet answered (see `in-flight-leases.ts`). */
  readonly inFlight?: readonly InFlightLease[];
  /**
   * For a quota the service never states: the sustainable rate, in requests per second,
   * learned from its refusals (additive increase, multiplicative decrease).
   */
  readonly learnedRate?: number;
  /**
   * The learned rate the service last refused (in slow start, what it had accepted): the rate
   * climbs back to just under it after a cut, and only probes beyond slowly.
   */
  readonly refusedRate?: number;
  /**
   * Requests the learned rate lets go back to back when nothing went for a while: a declared
   * token bucket's depth (see `declared` in `learned-rate.ts`). @default about one
   */
  readonly rateDepth?: number;
  /**
   * A rate declared before any answer (a documented token bucket's refill, a window's pace): the
   * learned rate keeps to it and never climbs past it; a refusal at or below it drops it.
   */
  readonly rateCeiling?: number;
  /** Still doubling the learned rate: no refusal seen yet. */
  readonly rateSlowStart?: boolean;
  /** When the learned rate last changed. */
  readonly rateChangedAt?: number;
  /** When a refusal last cut the learned rate. */
  readonly rateCutAt?: number;
  /** Answers accepted since then: between two refusals, the rate the quota gave back. */
  readonly acceptedSinceCut?: number;
  /**
   * The end of the last wait a refusal stated (`Retry-After`, a body's `retry_after`), as stated:
   * a request sent before it and refused only confirms that wait, and measures no rate.
   */
  readonly waitStatedUntil?: number;
  /**
   * How much earlier than a stated wait of whole seconds the quota may free up, as taught by
   * refusals of requests sent in that margin (absent: a second).
   */
  readonly waitMarginMs?: number;
  /** Answers accepted in the second that started at `acceptedSince`, and in the second before. */
  readonly acceptedSince?: number;
  readonly accepted?: number;
  readonly acceptedBefore?: number;
  /**
   * Refusals without `Retry-After` in a row: each doubles the backoff before the next request
   * (with jitter); an accepted answer ends the streak.
   */
  readonly refusalStreak?: number;
  /**
   * Refusals in a row that stated no wait and were not a learned rate's (an overload's 529 or
   * 503, a bare 429): each doubles the backoff every caller waits (`shared-backoff.ts`); the
   * probe's acceptance ends it.
   */
  readonly backoffStreak?: number;
  /**
   * When the backoff's last step ends: a refusal of a request sent before it (in flight when the
   * step began, or sent at the same moment) is that step's measurement, not a new one.
   */
  readonly backoffStepEnd?: number;
  /** While the backoff lasts, the probe sent is awaited until this moment before another goes. */
  readonly backoffProbeUntil?: number;
  /** Nothing is sent before this moment (`Retry-After`, or the backoff after a bare refusal). */
  readonly blockedUntil: number;
  /** Pacing: requests that may go back to back now (a token bucket refilled at the quota's pace). */
  readonly paceTokens?: number;
  /** When `paceTokens` was last counted. */
  readonly paceUpdatedAt?: number;
  /**
   * Only in the state under `<origin>#concurrency`: the fleet's cap on requests in flight to the
   * origin and its job slots, with each governor's counts (`concurrency-record.ts`).
   */
  readonly concurrency?: ConcurrencyRecord;
  /**
   * Only in the state under `<origin>#routes`: which quotas each route of the origin draws on, as
   * the fleet's answers named them (`route-scope-record.ts`).
   */
  readonly routes?: RouteScopeRecord;
  /**
   * Only in the state under `<origin>#follow-ups`: the polls the fleet's job pollers announced,
   * each with the quota it draws on and when it is due (`follow-up-record.ts`).
   */
  readonly followUps?: readonly FollowUpDue[];
}

/**
 * A stored state and the version to quote when replacing it.
 *
 * @example
 * const stored: VersionedBucketState = { state: { blockedUntil: 0 }, version: 3 };
 */
export interface VersionedBucketState {
  readonly state: BucketState;
  readonly version: number;
}

/**
 * Storage for bucket states. Both operations may be remote; both must be safe to call concurrently.
 *
 * @example
 * // A store over any database with a compare-and-set (here a Map in this process).
 * const rows = new Map<string, VersionedBucketState>();
 * const store: RateLimitStore = {
 *   read: async (bucket) => rows.get(bucket),
 *   compareAndSet: async (bucket, expectedVersion, state) => {
 *     if ((rows.get(bucket)?.version ?? 0) !== expectedVersion) return false;
 *     rows.set(bucket, { state, version: expectedVersion + 1 });
 *     return true;
 *   },
 * };
 * await connect({ baseUrl, apiKey, http: { rateLimit: { store } } });
 */
export interface RateLimitStore {
  /** The stored state of `bucket`, or undefined when nothing is known. */
  read(bucket: string): Promise<VersionedBucketState | undefined>;
  /**
   * Stores `state` only if the stored version is still `expectedVersion` (0 when the bucket was
   * absent); true when it was stored. `ttlMs` lets a shared store forget idle buckets.
   */
  compareAndSet(bucket: string, expectedVersion: number, state: BucketState, ttlMs: number): Promise<boolean>;
}

/**
 * The default store: a Map in this process. Entries expire after their TTL on the given clock.
 *
 * @example
 * const store = new MemoryRateLimitStore();
 * await connect({ baseUrl, apiKey, http: { rateLimit: { store } } });
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #entries = new Map<string, VersionedBucketState & { expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async read(bucket: string): Promise<VersionedBucketState | undefined> {
    return this.#current(bucket);
  }

  #current(bucket: string): VersionedBucketState | undefined {
    const entry = this.#entries.get(bucket);
    if (entry && entry.expiresAt <= this.now()) {
      this.#entries.delete(bucket);
      return undefined;
    }
    return entry;
  }

  async compareAndSet(
    bucket: string,
    expectedVersion: number,
    state: BucketState,
    ttlMs: number,
  ): Promise<boolean> {
    // Read and write without an await in between: nothing can interleave.
    const current = this.#current(bucket);
    if ((current?.version ?? 0) !== expectedVersion) return false;
    this.#entries.set(bucket, { state, version: expectedVersion + 1, expiresAt: this.now() + ttlMs });
    return true;
  }
}
