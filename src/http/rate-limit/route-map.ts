/**
 * Which quotas apply to which route, as the answers taught it. A route never answered yet is
 * "unknown" but borrows the quotas of its nearest known ancestor path group, so that a new
 * route of a known API is throttled with its siblings while it learns its own.
 * @module
 */
import type { RateLimitObservation } from '../headers/rate-limit.js';
import type { Route } from './route-key.js';

export interface Resolution {
  readonly buckets: readonly string[];
  /** False until an answer on this very route said which quotas apply. */
  readonly known: boolean;
  /** Requests with the same key share one first-come-first-served queue. */
  readonly queueKey: string;
}

/** The bucket an observation describes: the named policy and partition, else the route's own. */
export function bucketOf(route: Route, observation: RateLimitObservation): string {
  if (observation.policy === undefined) return route.key;
  return `${route.origin}#${observation.policy}#${observation.partitionKey ?? ''}`;
}

function quotaKey(buckets: readonly string[]): string {
  return buckets.length === 1 ? `quota:${buckets[0]}` : `quota:${[...buckets].sort().join('|')}`;
}

export class RouteMap {
  readonly #learned = new Map<string, Resolution>();
  readonly #inferred = new Map<string, readonly string[]>();

  resolve(route: Route): Resolution {
    const learned = this.#learned.get(route.key);
    if (learned) return learned;
    for (const ancestor of route.ancestors) {
      const buckets = this.#inferred.get(ancestor);
      if (buckets) return { buckets, known: false, queueKey: `route:${route.key}` };
    }
    return { buckets: [], known: false, queueKey: `route:${route.key}` };
  }

  isKnown(route: Route): boolean {
    return this.#learned.has(route.key);
  }

  remember(route: Route, buckets: readonly string[]): void {
    this.#learned.set(route.key, { buckets, known: true, queueKey: quotaKey(buckets) });
    for (const ancestor of route.ancestors) this.#inferred.set(ancestor, buckets);
  }
}
