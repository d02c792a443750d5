/**
 * What the governor learns from an answer: which quotas the route draws on (the route map),
 * what each has counted (the ledger), whether it is worth reading the next answer's fields,
 * after a refusal how long each quota is blocked, and, for a service that states no quota at
 * all, the rate it sustains (`learned-rate.ts`).
 * @module
 */

import type { RateLimitObservation } from '../headers/rate-limit.js';
import type { BucketLedger } from './bucket-ledger.js';
import { countsOtherUnits } from './bucket-math.js';
import type { PermitOutcome } from './governor-types.js';
import { accepted, refused } from './learned-rate.js';
import type { ObservationSchedule } from './observation-schedule.js';
import type { Route } from './route-key.js';
import { learnedBucketOf, type RouteMap } from './route-map.js';
import type { RouteScopeBook } from './route-scope-book.js';

/** What the answer was: a refusal for the rate, for requests in flight, or none. */
function refusalOf(outcome: PermitOutcome): 'rate' | 'in-flight' | undefined {
  if (outcome.refusal !== undefined) return outcome.refusal === 'none' ? undefined : outcome.refusal;
  return outcome.status === 429 || outcome.status === 503 ? 'rate' : undefined;
}

/** When each route last opened a window of a quota of unnamed fields that is taken to be the account's. */
type FreshWindows = Map<string, number>;

export class QuotaLearner {
  readonly #inFlight = new Map<string, number>();
  readonly #fresh = new Map<string, FreshWindows>();
  readonly #declaredRates = new Set<string>();

  constructor(
    private readonly ledger: BucketLedger,
    private readonly routes: RouteMap,
    private readonly observations: ObservationSchedule,
    private readonly random: () => number,
    /** Where a shared store keeps the route scopes for the fleet (absent: this process alone). */
    private readonly scopes?: RouteScopeBook,
  ) {}

  /**
   * `bucket` is a declared token bucket (`declared` in `learned-rate.ts`): answers that state no
   * quota correct its rate as they teach a learned one.
   */
  declareRate(bucket: string): void {
    this.#declaredRates.add(bucket);
  }

  /** Requests to `bucket` sent and not yet answered. */
  inFlight(bucket: string): number {
    return this.#inFlight.get(bucket) ?? 0;
  }

  sent(buckets: readonly string[]): void {
    for (const bucket of buckets) this.#inFlight.set(bucket, this.inFlight(bucket) + 1);
  }

  answered(buckets: readonly string[]): void {
    for (const bucket of buckets) this.#inFlight.set(bucket, Math.max(0, this.inFlight(bucket) - 1));
  }

  async learn(
    route: Route,
    granted: readonly string[],
    outcome: PermitOutcome,
    sentAt: number,
    /** The route was not known when granted: `granted` are quotas it borrowed from a relative. */
    borrowed = false,
    /** The request probed whether a shared backoff is over (`shared-backoff.ts`). */
    backoffProbe = false,
  ): Promise<void> {
    if (!outcome.answered) return;
    const buckets = outcome.observations.map((observation) => this.routes.bucketOf(route, observation));
    const refusal = refusalOf(outcome);
    // The server took the probe: every caller held by the backoff goes again.
    if (backoffProbe && refusal === undefined)
      for (const bucket of new Set([...granted, ...buckets])) await this.ledger.probeAccepted(bucket, sentAt);
    // A refusal for the rate that states no wait and comes from an overloaded server (a 5xx: 529,
    // 503) says nothing of any rate: it holds every caller of the quotas for a shared backoff.
    const overloaded =
      refusal === 'rate' && outcome.retryAfterMs === undefined && (outcome.status ?? 0) >= 500;
    let scope: readonly string[] | undefined;
    if (buckets.length > 0) scope = [...new Set(buckets)];
    else if (!this.routes.isKnown(route) && !granted.some((bucket) => !this.#isLearned(bucket, route)))
      scope = [learnedBucketOf(route)];
    let scopeNews = scope !== undefined && this.routes.remember(route, scope);
    if (borrowed && buckets.length > 0) {
      // The answer named the quotas this route draws on: a borrowed one it does not draw on
      // gets its unit back. Kept, it would hold a request of that quota's window back (one
      // submission less in the window a status route first polled in, a whole window later).
      for (const bucket of granted) if (!buckets.includes(bucket)) await this.ledger.release(bucket, sentAt);
    }
    for (const [index, observation] of outcome.observations.entries()) {
      const bucket = buckets[index]!;
      const state = await this.ledger.observe(bucket, observation, {
        receivedAt: outcome.receivedAt,
        sentAt,
        inFlight: this.inFlight(bucket),
      });
      this.observations.record(bucket, state, outcome.receivedAt);
      if (state.otherUnits) this.routes.noteOtherUnits(bucket);
      if (this.#weighScope(route, bucket, observation, outcome.receivedAt)) scopeNews = true;
    }
    // What the answer taught of the route's scope goes to the fleet (a shared store): a process
    // that meets the route next uses it from its first request instead of probing again.
    if (scopeNews && this.scopes && scope)
      await this.scopes.remember(route, scope, this.routes.countsPerRoute(route.origin));
    const rated = (bucket: string) => this.#isLearned(bucket, route) || this.#declaredRates.has(bucket);
    const stated = buckets.length > 0 || granted.some((bucket) => !rated(bucket));
    if (!stated) {
      // A service that states no quota: its refusals and acceptances teach the rate (of the
      // origin's learned quota, or of the token buckets declared for the route).
      // A refusal is a measurement, never an acceptance, with or without `Retry-After`; a
      // refusal for requests in flight says nothing of the rate (the in-flight cap learns it).
      const declared = granted.filter((bucket) => this.#declaredRates.has(bucket));
      // A refusal for requests in flight is the in-flight cap's business; its Retry-After holds
      // the refused request's retry, not every request (the cap already sends fewer at once).
      if (refusal === 'in-flight') return;
      const learning = declared.length > 0 ? declared : [learnedBucketOf(route)];
      if (overloaded) return this.#backOff(learning, outcome.receivedAt, sentAt);
      for (const bucket of learning) {
        await this.ledger.update(bucket, (state) =>
          refusal === 'rate'
            ? refused(state, outcome.receivedAt, outcome.retryAfterMs, this.random, sentAt)
            : accepted(state, outcome.receivedAt),
        );
      }
      return;
    }
    if (refusal === 'in-flight') {
      // Too many at once: a burst the fields offered is no longer sent at once (until a reading
      // offers one again); the cap on requests in flight learns the rest.
      for (const bucket of new Set([...buckets, ...granted])) await this.ledger.withdrawOffer(bucket);
      return;
    }
    if (outcome.retryAfterMs === undefined) {
      // Refused without a wait and without fields to say why (or by an overloaded server): the
      // refused quotas' callers back off together, as one (`shared-backoff.ts`).
      if (refusal === 'rate' && (overloaded || buckets.length === 0))
        return this.#backOff([...granted, ...buckets], outcome.receivedAt, sentAt);
      // A quota that says only what is left, refused without a wait: what it taught was too much.
      if (refusal === 'rate')
        for (const bucket of new Set(buckets))
          await this.ledger.refusedWithoutWait(bucket, outcome.receivedAt, sentAt);
      return;
    }
    // A refusal whose fields named no quota still blocks the quotas the request was granted on.
    // One whose fields show some quotas spent and others with room is the spent ones' refusal
    // (Azure's tokens at 0, requests left): it blocks only them, and only for the routes that
    // spend them (`spentBy` in `bucket-math.ts`), so polls that cost no tokens still go.
    // With room everywhere, a quota of requests admits one more; one of other units may be short
    // of what the request costs (Azure's 500 tokens left for a completion of 800): that one.
    let spent = buckets.filter((_, index) => (outcome.observations[index]!.remaining ?? 0) < 1);
    if (spent.length === 0)
      spent = buckets.filter((_, index) => countsOtherUnits(outcome.observations[index]!));
    const blocked = buckets.length === 0 ? granted : spent.length > 0 ? [...new Set(spent)] : buckets;
    const quotaSpent = refusal === 'rate' && (spent.length > 0 || buckets.length === 0);
    const until = outcome.receivedAt + outcome.retryAfterMs;
    for (const bucket of blocked) {
      const state = await this.ledger.block(bucket, until, quotaSpent, sentAt, route.key);
      this.observations.record(bucket, state, outcome.receivedAt);
    }
  }

  async #backOff(buckets: readonly string[], receivedAt: number, sentAt: number): Promise<void> {
    for (const bucket of new Set(buckets)) {
      const state = await this.ledger.backOff(bucket, receivedAt, sentAt, this.random);
      this.observations.record(bucket, state, receivedAt);
    }
  }

  #isLearned(bucket: string, route: Route): boolean {
    return bucket === learnedBucketOf(route);
  }

  /**
   * Unnamed fields are taken as the account's one quota until the answers prove otherwise. A
   * shared counter opens one window at a time: only one request in a window reads
   * `remaining = limit - 1`. Two routes reading it less than half a window apart have counters
   * of their own.
   */
  #weighScope(route: Route, bucket: string, observation: RateLimitObservation, receivedAt: number): boolean {
    const { limit, remaining } = observation;
    if (!this.routes.isSharedUnnamed(bucket) || limit === undefined || remaining !== limit - 1) return false;
    const windowMs = observation.windowMs ?? observation.resetMs ?? 1_000;
    const fresh = this.#fresh.get(bucket) ?? new Map<string, number>();
    this.#fresh.set(bucket, fresh);
    for (const [other, openedAt] of fresh) {
      if (other !== route.key && Math.abs(receivedAt - openedAt) < windowMs / 2) {
        this.#fresh.delete(bucket);
        return this.routes.countPerRoute(route.origin);
      }
    }
    fresh.set(route.key, receivedAt);
    return false;
  }
}
