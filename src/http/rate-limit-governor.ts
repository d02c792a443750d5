/**
 * One rate-limit governor per session, shared by every call and every poll. It learns each
 * quota from the answers' rate-limit fields and throttles before sending: never more requests
 * than the quota has left before its reset, spread over the window, with `Retry-After` blocking
 * the quota until then and callers served first come, first served, except that requests which
 * follow up on work the service already accepted (polls) go before new work (`waiter-queue.ts`).
 *
 * Quotas ("buckets") are named by the service's policy and partition key when the fields give
 * them, otherwise by origin and path group. Until a route's quota is known, one request at a
 * time goes out to learn it (a probe), so a crowd never bursts into an unknown limit.
 * @module
 */
import { type Clock, systemClock } from './clock.js';
import { BucketLedger } from './rate-limit/bucket-ledger.js';
import { MAX_JITTER_SHARE, remainingAt, rollOver } from './rate-limit/bucket-math.js';
import { ConcurrencyBook } from './rate-limit/concurrency-book.js';
import { ExpectedFollowUps } from './rate-limit/expected-follow-ups.js';
import { FleetFollowUps, type FollowUpHold } from './rate-limit/fleet-follow-ups.js';
import type {
  PublishedQuota,
  RateLimitGovernorOptions,
  RateLimitPermit,
  RequestPriority,
  ThrottleWait,
} from './rate-limit/governor-types.js';
import { InFlightCap, type InFlightTicket } from './rate-limit/in-flight-cap.js';
import { declared } from './rate-limit/learned-rate.js';
import { ObservationSchedule } from './rate-limit/observation-schedule.js';
import { quietly } from './rate-limit/quietly.js';
import { QuotaLearner } from './rate-limit/quota-learner.js';
import { originOf, quotaShape, quotaShapes } from './rate-limit/quota-shape.js';
import { type RateLimitBelief, RateLimitBeliefs } from './rate-limit/rate-limit-beliefs.js';
import type { BucketState } from './rate-limit/rate-limit-store.js';
import { MemoryRateLimitStore } from './rate-limit/rate-limit-store.js';
import { RateLimitStoreError } from './rate-limit/rate-limit-store-error.js';
import { type Route, routeOf } from './rate-limit/route-key.js';
import { type Resolution, RouteMap } from './rate-limit/route-map.js';
import { RouteScopeBook } from './rate-limit/route-scope-book.js';
import { storeOwnerId } from './rate-limit/store-owner-id.js';
import { ThrottleDeadlineError } from './rate-limit/throttle-deadline-error.js';
import { overtakenLongEnough, WaiterQueue } from './rate-limit/waiter-queue.js';
import { WakeSignal } from './rate-limit/wake-signal.js';

export type {
  PermitOutcome,
  PublishedQuota,
  RateLimitGovernorOptions,
  RateLimitPermit,
  RequestPriority,
  ThrottleWait,
} from './rate-limit/governor-types.js';
export type { RateLimitBelief } from './rate-limit/rate-limit-beliefs.js';

/**
 * Where each governor keeps its part of each origin's limits on things at once, under its id:
 * the job slots of the client that made it count there too, so that one process is one holder
 * in a shared record. (Kept beside the class, not on it: not part of its public surface.)
 */
const concurrencyBooks = new WeakMap<RateLimitGovernor, ConcurrencyBook>();

/** The record `governor` keeps its limits on things at once in (for the job slots of the client that made it). */
export function concurrencyBookOf(governor: RateLimitGovernor): ConcurrencyBook | undefined {
  return concurrencyBooks.get(governor);
}

interface Waiter {
  readonly sequence: number;
  readonly priority: RequestPriority;
  readonly arrivedAt: number;
  overtakenSince?: number | undefined;
  readonly route: Route;
  readonly signal: AbortSignal | undefined;
  readonly deadline: number | undefined;
  readonly resolve: (permit: RateLimitPermit) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * One rate-limit governor per session, shared by every call and every poll: it learns each quota
 * from the answers' rate-limit fields and throttles before sending, so the agent never meets a 429.
 * Share one between sessions (or its store between processes) to share a quota.
 *
 * @example
 * const governor = new RateLimitGovernor({ burst: 2 });
 * const first = await connect({ baseUrl, apiKey, http: { governor } });
 * const second = await connect({ baseUrl, apiKey: otherKeyOfTheSameAccount, http: { governor } });
 */
export class RateLimitGovernor {
  readonly #clock: Clock;
  readonly #ledger: BucketLedger;
  readonly #burst: number | undefined;
  readonly #jitterMs: number;
  readonly #random: () => number;
  readonly #onWait: ((wait: ThrottleWait) => void) | undefined;
  readonly #routes = new RouteMap();
  readonly #observations: ObservationSchedule;
  readonly #learner: QuotaLearner;
  readonly #probes = new Set<string>();
  readonly #queues = new Map<string, WaiterQueue<Waiter>>();
  readonly #overtakeLimitMs: number;
  readonly #expected = new ExpectedFollowUps();
  /** The follow-ups every process sharing a store passed in announced; absent when the store is this governor's own. */
  readonly #fleetFollowUps: FleetFollowUps | undefined;
  /** Queues whose head (new work) waits for follow-ups due: one arriving there wakes it. */
  readonly #holding = new Set<string>();
  readonly #pumping = new Set<string>();
  readonly #wake = new WakeSignal();
  readonly #inFlight: InFlightCap;
  /** Grants being decided (a store's read and write away), per bucket. */
  readonly #deciding = new Map<string, number>();
  readonly #beliefs: RateLimitBeliefs;
  /** The route scopes a store passed in keeps for the fleet; absent when the store is this governor's own. */
  readonly #scopes: RouteScopeBook | undefined;
  /** The limits of the options being written (see `quotas`): waited for before any grant. */
  readonly #declaring: Promise<void>;
  #declared = false;
  #sequence = 0;
  #lastStamp = 0;

  constructor(options: RateLimitGovernorOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    // A store passed in may be shared with other governors and processes: every grant is
    // written to it, with each governor's requests in flight (`in-flight-leases.ts`), so that
    // bursts the fields offer are spent as by one governor.
    const id = storeOwnerId(options.store);
    this.#ledger = new BucketLedger(
      options.store ?? new MemoryRateLimitStore(() => this.#clock.now()),
      options.bucketTtlMs ?? 3_600_000,
      id,
    );
    this.#burst = options.burst;
    this.#jitterMs = options.jitterMs ?? 50;
    this.#random = options.random ?? Math.random;
    this.#onWait = options.onWait;
    this.#overtakeLimitMs = options.overtakeLimitMs ?? 500;
    this.#observations = new ObservationSchedule(options.observeIntervalMs ?? 1_000);
    // Which quotas each route draws on is learned once for a fleet: kept in a store passed in.
    this.#scopes =
      options.store === undefined
        ? undefined
        : new RouteScopeBook(options.store, this.#routes, options.bucketTtlMs ?? 3_600_000);
    this.#fleetFollowUps =
      options.store === undefined ? undefined : new FleetFollowUps(options.store, () => this.#clock.now());
    this.#learner = new QuotaLearner(
      this.#ledger,
      this.#routes,
      this.#observations,
      this.#random,
      this.#scopes,
    );
    // The cap on requests in flight lives in a store passed in (shared by a fleet), else here.
    const book = new ConcurrencyBook(this.#clock, options.store, id, options.bucketTtlMs ?? 3_600_000);
    concurrencyBooks.set(this, book);
    this.#inFlight = new InFlightCap(book, this.#overtakeLimitMs);
    this.#beliefs = new RateLimitBeliefs(this.#ledger, this.#routes, this.#inFlight);
    // The limits declared in the options hold before the first request: `acquire` waits for them.
    const declarations = Object.entries(options.quotas ?? {}).map(([origin, quotas]) => {
      quotaShapes(quotas);
      return [originOf(origin), quotas] as const;
    });
    this.#declaring = Promise.all(declarations.map(([origin, quotas]) => this.#publish(origin, quotas))).then(
      () => {
        this.#declared = true;
      },
    );
    // A store that failed is met again by the first request; no unhandled rejection before it.
    this.#declaring.catch(() => undefined);
  }

  /**
   * What the governor believes of the limits it met: each quota with its limit, what is left,
   * when it resets or the rate it was learned at, and why (`source`: the fields that stated
   * it, or the refusals it was learned from), and each cap on requests in flight.
   *
   * @example
   * for (const limit of await governor.rateLimits()) console.log(limit.bucket, limit.source, limit.limit);
   */
  rateLimits(): Promise<RateLimitBelief[]> {
    return this.#beliefs.list(this.#clock.now());
  }

  /**
   * Keeps the requests to `origin` within the quotas the service published, from the very first
   * request (no probe): until a route's answers say which quotas apply to it, it draws on the
   * published quota that covers its path. Call before the first request; calling again adds.
   *
   * @example
   * await governor.publish('https://api.example.com', [
   *   { name: 'generation', limit: 60, windowMs: 60_000, pathPrefixes: ['/api/v7'] },
   * ]);
   */
  async publish(origin: string, quotas: readonly PublishedQuota[]): Promise<void> {
    await this.#declaring;
    await this.#publish(origin, quotas);
  }

  async #publish(origin: string, quotas: readonly PublishedQuota[]): Promise<void> {
    const now = this.#clock.now();
    for (const [index, quota] of quotas.entries()) {
      const shape = quotaShape(quota);
      if (shape.maxInFlight !== undefined) await this.#inFlight.declare(origin, shape.maxInFlight);
      if (shape.kind === 'none') continue;
      const bucket = `${origin}#published#${quota.name ?? index}`;
      if (shape.kind === 'bucket') {
        // No fields to read: its refusals and acceptances correct the declared rate (`learned-rate.ts`).
        this.#learner.declareRate(bucket);
        await this.#ledger.update(bucket, (state) =>
          declared(state, { ratePerSecond: shape.refillPerSecond, depth: shape.depth }, now),
        );
      } else {
        await this.#ledger.update(bucket, (state) => ({
          ...state,
          limit: shape.limit,
          windowMs: shape.windowMs,
        }));
      }
      for (const prefix of quota.pathPrefixes?.length ? quota.pathPrefixes : ['']) {
        this.#routes.publish(origin, prefix, [bucket]);
      }
    }
  }

  /**
   * Says that a follow-up request to `url` (a job's next poll) is due at `at`: a request that
   * starts new work arriving shortly before it waits for it, so as not to take the unit it needs.
   * @internal The job poller announces its polls.
   */
  expectFollowUp(url: URL, at: number): void {
    this.#expected.expect(url.origin, at);
    // The fleet learns of it too, with the quotas it will draw on (a route not learned yet: those
    // it borrows until its first answer, as its grant will).
    const { buckets } = this.#routes.resolve(routeOf(url));
    if (buckets.length > 0) this.#fleetFollowUps?.expect(url.origin, buckets, at);
  }

  /** One try for a unit of every quota of `route` at `now`, the fleet's announced polls holding it. */
  #tryGrant(
    route: Route,
    buckets: readonly string[],
    now: number,
    sentAt: number,
    request: { readonly priority: RequestPriority; readonly overtakenSince?: number | undefined },
  ) {
    return this.#granting(buckets, () =>
      this.#ledger.tryGrant(
        buckets,
        now,
        this.#burst,
        sentAt,
        this.#inFlightAfterGrant,
        this.#fleetHold(route, buckets, request),
        route.key,
      ),
    );
  }

  /**
   * For new work that may still be held (not yet overtaken long enough), how long it waits for
   * the fleet's follow-ups given the quotas' states; undefined for follow-ups and alone.
   */
  #fleetHold(
    route: Route,
    buckets: readonly string[],
    request: { readonly priority: RequestPriority; readonly overtakenSince?: number | undefined },
  ): ((states: readonly BucketState[]) => FollowUpHold | undefined) | undefined {
    const fleet = this.#fleetFollowUps;
    if (fleet === undefined || request.priority === 'follow-up') return undefined;
    const now = this.#clock.now();
    if (overtakenLongEnough(request, now, this.#overtakeLimitMs)) return undefined;
    // Never held past the overtake limit, counted from the first hold (a stream of polls delays
    // new work that long at most past the moment the quota first had a unit for it).
    const left = (request.overtakenSince ?? now) + this.#overtakeLimitMs - now;
    return (states) => {
      const hold = fleet.hold(route.origin, buckets, states, now, this.#overtakeLimitMs);
      return hold === undefined ? undefined : { waitMs: Math.min(hold.waitMs, left), bucket: hold.bucket };
    };
  }

  /**
   * Waits until a request to `url` may be sent, in arrival order within its `priority` (follow-ups
   * first, see {@link RequestPriority}). Rejects with the signal's reason on abort, and with
   * {@link ThrottleDeadlineError} when the wait would pass `deadline`.
   * @internal The HTTP core and `governedTransport` acquire permits; users share the governor.
   */
  async acquire(
    url: URL,
    options: { signal?: AbortSignal | undefined; deadline?: number; priority?: RequestPriority } = {},
  ): Promise<RateLimitPermit> {
    if (!this.#declared) await this.#declaring;
    const route = routeOf(url);
    // A cap on requests in flight (learned from refusals, or the slow start before any) holds
    // the request before the quota.
    const ticket = await this.#inFlight.enter(route.origin, options);
    try {
      const permit = await this.#acquireQuota(route, options);
      return this.#withInFlight(permit, ticket);
    } catch (error) {
      await this.#inFlight.settle(ticket, 'other');
      throw error;
    }
  }

  #withInFlight(permit: RateLimitPermit, ticket: InFlightTicket): RateLimitPermit {
    this.#inFlight.sent(ticket);
    return {
      buckets: permit.buckets,
      wantsObservations: permit.wantsObservations,
      complete: async (outcome) => {
        // Only an answer the server worked on (not a refusal of any kind) says the request was in.
        const worked = outcome.answered && outcome.status !== undefined && outcome.status < 400;
        // The cap's own bookkeeping is done at once (what was in flight when this answer came);
        // its shared record is written alongside the quota's reading, not before it: a reading
        // recorded late lets other processes grant on what it no longer says.
        const settled = this.#inFlight.settle(
          ticket,
          outcome.refusal === 'in-flight' ? 'refused' : worked ? 'accepted' : 'other',
          outcome.retryAfterMs,
        );
        try {
          await permit.complete(outcome);
        } finally {
          await settled;
        }
      },
    };
  }

  async #acquireQuota(
    route: Route,
    options: { signal?: AbortSignal | undefined; deadline?: number; priority?: RequestPriority },
  ): Promise<RateLimitPermit> {
    const sequence = this.#sequence++;
    const arrivedAt = this.#clock.now();
    const priority = options.priority ?? 'normal';
    if (priority === 'follow-up') this.#expected.arrived(route.origin, arrivedAt);
    // A route this process has not learned may be known to the fleet: no probe for it then.
    if (this.#scopes && !this.#routes.isKnown(route)) await this.#scopes.lookUp(route);
    const resolution = this.#routes.resolve(route);
    const key = resolution.queueKey;
    let overtakenSince: number | undefined;
    // Fast path: a known quota nobody is waiting for is granted without queueing.
    if (
      resolution.known &&
      !this.#queues.has(key) &&
      !options.signal?.aborted &&
      (priority === 'follow-up' || this.#expected.holdUntil(route.origin, arrivedAt, arrivedAt) === undefined)
    ) {
      const refreshing =
        priority === 'normal'
          ? this.#fleetFollowUps?.refresh(route.origin, arrivedAt, this.#overtakeLimitMs)
          : undefined;
      if (refreshing) await refreshing;
      const sentAt = this.#stamp();
      const now = this.#clock.now();
      const decision = await this.#tryGrant(route, resolution.buckets, now, sentAt, { priority });
      if (decision.kind === 'granted') {
        if (priority === 'follow-up') this.#fleetFollowUps?.granted(route.origin, now);
        return this.#permit(
          route,
          resolution.buckets,
          [],
          this.#granted(decision.grantedAt),
          decision.backoffProbe,
        );
      }
      // Held for the fleet's follow-ups: the quota had a unit for it, it is overtaken from now.
      if (decision.kind === 'wait' && decision.reason === 'follow-up') overtakenSince = now;
    }
    return new Promise<RateLimitPermit>((resolve, reject) => {
      this.#enqueue(key, {
        sequence,
        priority,
        arrivedAt,
        overtakenSince,
        route,
        signal: options.signal,
        deadline: options.deadline,
        resolve,
        reject,
      });
    });
  }

  #enqueue(key: string, waiter: Waiter): void {
    const queue = this.#queues.get(key) ?? new WaiterQueue<Waiter>(this.#overtakeLimitMs);
    this.#queues.set(key, queue);
    queue.add(waiter);
    if (!this.#pumping.has(key)) void this.#pump(key);
    // A pump holding new work for the follow-ups due looks again: this may be one of them.
    else if (waiter.priority === 'follow-up' && this.#holding.has(key)) this.#wake.wake();
  }

  async #pump(key: string): Promise<void> {
    this.#pumping.add(key);
    const queue = this.#queues.get(key)!;
    try {
      for (let head = queue.next(this.#clock.now()); head; head = queue.next(this.#clock.now())) {
        if (head.signal?.aborted) {
          queue.remove(head);
          head.reject(head.signal.reason);
          continue;
        }
        const resolution = this.#routes.resolve(head.route);
        if (resolution.queueKey !== key) {
          queue.remove(head);
          this.#enqueue(resolution.queueKey, head);
          continue;
        }
        await this.#serve(queue, head, resolution);
      }
    } finally {
      this.#pumping.delete(key);
      this.#queues.delete(key);
    }
  }

  async #serve(queue: WaiterQueue<Waiter>, head: Waiter, resolution: Resolution): Promise<void> {
    const probing = !resolution.known;
    // A waiter woken at its deadline (whatever it waited for) is refused, never granted: a
    // request sent with no time left times out on the wire, its outcome unknown.
    if (head.deadline !== undefined && this.#clock.now() >= head.deadline) {
      queue.remove(head);
      head.reject(new ThrottleDeadlineError(0, probing ? 'probe' : 'deadline'));
      return;
    }
    if (probing && this.#probes.has(head.route.key)) {
      await this.#awaitProbe(queue, head, head.route.key);
      return;
    }
    const now = this.#clock.now();
    if (head.priority === 'normal') {
      const holdUntil = this.#expected.holdUntil(head.route.origin, head.arrivedAt, now);
      if (holdUntil !== undefined && now - head.arrivedAt < this.#overtakeLimitMs) {
        // Reported on the quota with the fewest units left, the one this process's polls would
        // leave short, not the route's first (a daily quota beside a 10-second one): read beside
        // the hold, which it never lengthens.
        if (this.#onWait) {
          void this.#tightest(resolution, now).then((bucket) =>
            this.#notifyWait(head, bucket, Math.max(0, holdUntil - this.#clock.now()), 'follow-up'),
          );
        }
        this.#holding.add(resolution.queueKey);
        try {
          await this.#wake.sleep(this.#clock, holdUntil - now, head.signal);
        } finally {
          this.#holding.delete(resolution.queueKey);
        }
        return;
      }
    }
    const refreshing =
      head.priority === 'normal' && !overtakenLongEnough(head, now, this.#overtakeLimitMs)
        ? this.#fleetFollowUps?.refresh(head.route.origin, now, this.#overtakeLimitMs)
        : undefined;
    if (refreshing) await refreshing;
    const sentAt = this.#stamp();
    const decision = await this.#tryGrant(head.route, resolution.buckets, now, sentAt, head);
    if (decision.kind === 'wait') {
      // Held for the fleet's follow-ups: the quota had a unit for it, it is overtaken from now.
      if (decision.reason === 'follow-up') head.overtakenSince ??= now;
      // A wait for the quota ends when the ledger frees a unit: a reset the server announced
      // (rounded up already) or a request's expiry. Late by a jitter, a request opening a window
      // that starts with it moves every later reset (a whole second, when resets are in whole
      // seconds). The waiters it releases together are served one by one, each grant written
      // atomically, by every process sharing the store as by this one: nothing to spread.
      const jitter =
        decision.reason === 'quota' || decision.reason === 'follow-up'
          ? 0
          : this.#random() * Math.min(this.#jitterMs, decision.waitMs * MAX_JITTER_SHARE);
      const waitMs = decision.waitMs + jitter;
      if (head.deadline !== undefined && now + waitMs > head.deadline) {
        queue.remove(head);
        head.reject(new ThrottleDeadlineError(waitMs, decision.reason));
        return;
      }
      this.#notifyWait(head, decision.bucket, waitMs, decision.reason);
      // Held for the fleet's follow-ups: one of this process's arriving wakes it (it goes first).
      const holding = decision.reason === 'follow-up';
      if (holding) this.#holding.add(resolution.queueKey);
      try {
        await this.#wake.sleep(this.#clock, waitMs, head.signal);
      } finally {
        if (holding) this.#holding.delete(resolution.queueKey);
      }
      return;
    }
    const unknown = decision.kind === 'unknown' ? decision.buckets : [];
    if (unknown.some((bucket) => this.#probes.has(bucket))) {
      await this.#awaitProbe(queue, head, unknown[0]!);
      return;
    }
    queue.remove(head);
    if (head.priority === 'follow-up') this.#fleetFollowUps?.granted(head.route.origin, now);
    const probes = [...unknown, ...(probing ? [head.route.key] : [])];
    // A probe of a quota nobody knows yet is counted in the shared ledger as well: another
    // process's may be on its way when this one's answer makes the quota known.
    let stamp = sentAt;
    if (decision.kind === 'granted') stamp = this.#granted(decision.grantedAt);
    else if (unknown.length > 0) {
      try {
        stamp = this.#granted(await this.#recordProbe(unknown, now, sentAt));
      } catch (error) {
        head.reject(error);
        return;
      }
    }
    const backoffProbe = decision.kind === 'granted' && decision.backoffProbe;
    head.resolve(this.#permit(head.route, resolution.buckets, probes, stamp, backoffProbe));
  }

  /** Waits for the answer of the request probing `bucket`, but not past the head's deadline. */
  async #awaitProbe(queue: WaiterQueue<Waiter>, head: Waiter, bucket: string): Promise<void> {
    this.#notifyWait(head, bucket, 0, 'probe');
    if (head.deadline === undefined) return this.#wake.next(head.signal);
    const left = head.deadline - this.#clock.now();
    if (left <= 0) {
      queue.remove(head);
      head.reject(new ThrottleDeadlineError(0, 'probe'));
      return;
    }
    await this.#wake.sleep(this.#clock, left, head.signal);
  }

  /**
   * This governor's requests in flight on `bucket` once one more is granted: those sent, and
   * every grant being decided now (this one included). Callers on the fast path decide their
   * grants concurrently, each a read and a write of the store away from being counted as sent:
   * counting only the sent ones, each wrote a count one short, the shared state held fewer of
   * this governor's requests on their way than there were, and an answer that had not counted
   * them dropped them from the ledger (a real fleet met 1-2 refusals in 2 runs of 5).
   */
  readonly #inFlightAfterGrant = (bucket: string): number =>
    this.#learner.inFlight(bucket) + (this.#deciding.get(bucket) ?? 1);

  /** Runs `decide` (a grant on `buckets`) counted among the grants being decided. */
  async #granting<T>(buckets: readonly string[], decide: () => Promise<T>): Promise<T> {
    for (const bucket of buckets) this.#deciding.set(bucket, (this.#deciding.get(bucket) ?? 0) + 1);
    try {
      return await decide();
    } finally {
      for (const bucket of buckets) {
        const left = (this.#deciding.get(bucket) ?? 1) - 1;
        if (left > 0) this.#deciding.set(bucket, left);
        else this.#deciding.delete(bucket);
      }
    }
  }

  /** Of the resolution's quotas, the one with the fewest units left at `now` (the first when none is known). */
  async #tightest(resolution: Resolution, now: number): Promise<string> {
    let tightest: { bucket: string; remaining: number } | undefined;
    for (const bucket of resolution.buckets) {
      const state = await quietly(this.#ledger.read(bucket));
      const remaining = state === undefined ? undefined : remainingAt(rollOver(state, now), now);
      if (remaining !== undefined && (tightest === undefined || remaining < tightest.remaining))
        tightest = { bucket, remaining };
    }
    return tightest?.bucket ?? resolution.buckets[0] ?? resolution.queueKey;
  }

  #notifyWait(waiter: Waiter, bucket: string, waitMs: number, reason: string): void {
    this.#onWait?.({ url: waiter.route.key, bucket, waitMs, reason });
  }

  /**
   * When a request is granted: the clock's time, but later than any stamp before, by a
   * microsecond. Answers are matched with the grants before them by this moment, and many
   * requests go within one millisecond (always, on a virtual clock).
   */
  #stamp(): number {
    this.#lastStamp = Math.max(this.#clock.now(), this.#lastStamp + 0.001);
    return this.#lastStamp;
  }

  /** A grant's stamp, settled by the store (later than any grant of the fleet): later stamps follow it. */
  /** Records this governor's probe of `buckets` in the shared ledger; no other probe goes meanwhile. */
  async #recordProbe(buckets: readonly string[], now: number, sentAt: number): Promise<number> {
    for (const bucket of buckets) this.#probes.add(bucket);
    try {
      return await this.#granting(buckets, () =>
        this.#ledger.recordProbe(buckets, now, sentAt, this.#inFlightAfterGrant),
      );
    } catch (error) {
      for (const bucket of buckets) this.#probes.delete(bucket);
      throw error;
    }
  }

  #granted(grantedAt: number): number {
    this.#lastStamp = Math.max(this.#lastStamp, grantedAt);
    return grantedAt;
  }

  /**
   * Once this governor's last request on a bucket is answered, the shared state stops holding
   * its count (busy, each grant and reading carries the count: no extra write).
   */
  async #settleInFlight(buckets: readonly string[]): Promise<void> {
    for (const bucket of buckets) {
      if (this.#learner.inFlight(bucket) === 0)
        await this.#ledger.settleInFlight(bucket, 0, this.#clock.now());
    }
  }

  #permit(
    route: Route,
    buckets: readonly string[],
    probes: readonly string[],
    sentAt: number,
    /** The request probes whether a shared backoff is over (`shared-backoff.ts`). */
    backoffProbe = false,
  ): RateLimitPermit {
    for (const probe of probes) this.#probes.add(probe);
    this.#learner.sent(buckets);
    let completed = false;
    return {
      buckets,
      wantsObservations: probes.length > 0 || this.#observations.wants(buckets, this.#clock.now()),
      complete: async (outcome) => {
        if (completed) return;
        completed = true;
        this.#learner.answered(buckets);
        try {
          await this.#learner.learn(
            route,
            buckets,
            outcome,
            sentAt,
            probes.includes(route.key),
            backoffProbe,
          );
          await this.#settleInFlight(buckets);
        } catch (error) {
          // The answer arrived (and may have cost money): a shared store that cannot record what
          // it taught must not turn it into a failure. The next acquire meets the store's error
          // before anything more is sent.
          if (!RateLimitStoreError.isInstance(error)) throw error;
        } finally {
          for (const probe of probes) this.#probes.delete(probe);
          this.#wake.wake();
        }
      },
    };
  }
}
