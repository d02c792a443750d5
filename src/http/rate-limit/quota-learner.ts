/**
 * What the governor learns from an answer: which quotas the route draws on (the route map),
 * what each has left (the ledger), whether it is worth reading the next answer's fields, and,
 * after a refusal, how long each quota is blocked.
 * @module
 */

import type { BucketLedger } from './bucket-ledger.js';
import type { PermitOutcome } from './governor-types.js';
import type { ObservationSchedule } from './observation-schedule.js';
import type { Route } from './route-key.js';
import { bucketOf, type RouteMap } from './route-map.js';

export class QuotaLearner {
  readonly #inFlight = new Map<string, number>();

  constructor(
    private readonly ledger: BucketLedger,
    private readonly routes: RouteMap,
    private readonly observations: ObservationSchedule,
  ) {}

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

  async learn(route: Route, granted: readonly string[], outcome: PermitOutcome): Promise<void> {
    if (!outcome.answered) return;
    const buckets = outcome.observations.map((observation) => bucketOf(route, observation));
    const refusal = outcome.status === 429 || (outcome.status !== undefined && outcome.status >= 500);
    // An answer without fields teaches "no quota here" only about a route that taught nothing yet.
    if (buckets.length > 0) this.routes.remember(route, [...new Set(buckets)]);
    else if (!refusal && !this.routes.isKnown(route)) this.routes.remember(route, []);
    for (const [index, observation] of outcome.observations.entries()) {
      const bucket = buckets[index]!;
      const state = await this.ledger.observe(bucket, observation, outcome.receivedAt, this.inFlight(bucket));
      this.observations.record(bucket, state, outcome.receivedAt);
    }
    if (outcome.retryAfterMs === undefined) return;
    // A refusal with nothing learned still blocks something: the route's own bucket.
    const blocked = buckets.length > 0 ? buckets : granted.length > 0 ? granted : [route.key];
    if (buckets.length === 0 && granted.length === 0) this.routes.remember(route, blocked);
    const quotaSpent =
      outcome.status === 429 && !outcome.observations.some((observation) => (observation.remaining ?? 0) > 0);
    const until = outcome.receivedAt + outcome.retryAfterMs;
    for (const bucket of blocked) {
      this.observations.record(
        bucket,
        await this.ledger.block(bucket, until, quotaSpent),
        outcome.receivedAt,
      );
    }
  }
}
