/**
 * Which quotas apply to which route, as the answers taught it. A route never answered yet is
 * "unknown" but borrows the quotas of its nearest known relative: its nearest known ancestor
 * path group, else every quota known on its origin, so that a new route of a known API (a
 * `v8` route after `v7` ones) is throttled with its siblings while it learns its own.
 *
 * Fields that name no policy describe one quota shared by the origin's routes (services
 * usually count per account), until the answers prove the routes are counted apart.
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

/** The bucket of a quota the service never states, learned from its refusals; one per origin. */
export function learnedBucketOf(route: Route): string {
  return `${route.origin}#learned`;
}

/** Whether `path` is `prefix` or below it (`/api/v7` covers `/api/v7/images`, not `/api/v70`). */
function isUnder(path: string, prefix: string): boolean {
  const trimmed = prefix.replace(/\/+$/, '');
  return trimmed === '' || path === trimmed || path.startsWith(`${trimmed}/`);
}

function quotaKey(buckets: readonly string[]): string {
  return buckets.length === 1 ? `quota:${buckets[0]}` : `quota:${[...buckets].sort().join('|')}`;
}

export class RouteMap {
  readonly #learned = new Map<string, Resolution>();
  readonly #inferred = new Map<string, readonly string[]>();
  readonly #byOrigin = new Map<string, Set<string>>();
  readonly #countedPerRoute = new Set<string>();
  /** Quotas of units other than requests. */
  readonly #otherUnits = new Set<string>();
  /** Published quotas by origin: path prefix and buckets, longest prefix first. */
  readonly #published = new Map<
    string,
    Array<{ readonly prefix: string; readonly buckets: readonly string[] }>
  >();

  /** Routes of `origin` under `prefix` keep to `buckets` until their answers say otherwise. */
  publish(origin: string, prefix: string, buckets: readonly string[]): void {
    const entries = this.#published.get(origin) ?? [];
    const existing = entries.find((entry) => entry.prefix === prefix);
    if (existing)
      // The same policy published twice (each MCP server lists the same resource) is one quota.
      entries.splice(entries.indexOf(existing), 1, {
        prefix,
        buckets: [...new Set([...existing.buckets, ...buckets])],
      });
    else entries.push({ prefix, buckets });
    entries.sort((a, b) => b.prefix.length - a.prefix.length);
    this.#published.set(origin, entries);
  }

  /** The bucket an observation describes: the named policy and partition, else the account's (or, once proven, the route's). */
  bucketOf(route: Route, observation: RateLimitObservation): string {
    if (observation.policy !== undefined)
      return `${route.origin}#${observation.policy}#${observation.partitionKey ?? ''}`;
    return this.#countedPerRoute.has(route.origin) ? route.key : `${route.origin}#account`;
  }

  /** Whether `bucket` is the shared quota of unnamed fields. */
  isSharedUnnamed(bucket: string): boolean {
    return bucket.endsWith('#account');
  }

  /** The answers proved that the unnamed fields of `origin` count each route apart; true when this is news. */
  countPerRoute(origin: string): boolean {
    if (this.#countedPerRoute.has(origin)) return false;
    this.#countedPerRoute.add(origin);
    return true;
  }

  /** Whether the unnamed fields of `origin` were proved to count each route apart. */
  countsPerRoute(origin: string): boolean {
    return this.#countedPerRoute.has(origin);
  }

  resolve(route: Route): Resolution {
    const learned = this.#learned.get(route.key);
    if (learned) return this.#queuedApart(route, learned);
    const path = route.key.slice(route.origin.length);
    const published = this.#published.get(route.origin)?.find((entry) => isUnder(path, entry.prefix));
    // A published quota is known from the first request: no probe, the first burst keeps to it.
    if (published) return { buckets: published.buckets, known: true, queueKey: quotaKey(published.buckets) };
    const queueKey = `route:${route.key}`;
    for (const ancestor of route.ancestors) {
      const buckets = this.#inferred.get(ancestor);
      if (buckets) return { buckets, known: false, queueKey };
    }
    const onOrigin = this.#byOrigin.get(route.origin);
    return { buckets: onOrigin ? [...onOrigin] : [], known: false, queueKey };
  }

  /**
   * Records that `bucket` counts units other than requests. Not every route spends such a quota
   * (a poll costs no tokens), so routes that draw on one queue apart: in one queue, a submission
   * waiting for tokens would hold the polls behind it (see `other-units.ts`).
   */
  noteOtherUnits(bucket: string): void {
    this.#otherUnits.add(bucket);
  }

  /** `resolution` in a queue of its route's own when it draws on a quota of other units. */
  #queuedApart(route: Route, resolution: Resolution): Resolution {
    if (!resolution.buckets.some((bucket) => this.#otherUnits.has(bucket))) return resolution;
    return { ...resolution, queueKey: `route:${route.key}` };
  }

  /** Every bucket a route of any origin was found to draw on, and the published ones. */
  buckets(): string[] {
    const all = new Set<string>();
    for (const buckets of this.#byOrigin.values()) for (const bucket of buckets) all.add(bucket);
    for (const entries of this.#published.values())
      for (const entry of entries) for (const bucket of entry.buckets) all.add(bucket);
    return [...all];
  }

  isKnown(route: Route): boolean {
    return this.#learned.has(route.key);
  }

  /** Learns that `route` draws on `buckets`; true when this changed what was known of it. */
  remember(route: Route, buckets: readonly string[]): boolean {
    const before = this.#learned.get(route.key)?.buckets;
    if (
      before &&
      before.length === buckets.length &&
      before.every((bucket, index) => bucket === buckets[index])
    )
      return false;
    this.#learned.set(route.key, { buckets, known: true, queueKey: quotaKey(buckets) });
    for (const ancestor of route.ancestors) this.#inferred.set(ancestor, buckets);
    const onOrigin = this.#byOrigin.get(route.origin) ?? new Set();
    for (const bucket of buckets) onOrigin.add(bucket);
    this.#byOrigin.set(route.origin, onOrigin);
    return true;
  }
}
