/**
 * Where the route map's lessons go when the governor was given a store (it may be shared with
 * other processes): under `<origin>#routes`, written with compare-and-set as the quotas are. A
 * route this process has not learned is looked up there before it is probed, so a process that
 * joins a fleet paces its first requests against the quotas the fleet's answers named.
 * @module
 */
import { compareAndSetCycle } from './compare-and-set-cycle.js';
import { quietly } from './quietly.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { type Route, routeOf } from './route-key.js';
import type { RouteMap } from './route-map.js';
import { decodeRouteScopeRecord, type RouteScopeRecord, withRouteScope } from './route-scope-record.js';

/** A write lost to other writers this many times in a row is given up: the route is learned again from an answer. */
const MAX_CAS_ATTEMPTS = 16;

export class RouteScopeBook {
  /** Reads under way, per origin: callers of one origin wait for one read. */
  readonly #reading = new Map<string, Promise<void>>();

  constructor(
    private readonly store: RateLimitStore,
    private readonly routes: RouteMap,
    private readonly ttlMs: number,
  ) {}

  #key(origin: string): string {
    return `${origin}#routes`;
  }

  /** Teaches the route map what the fleet learned of `route`'s origin, when it does not know `route` yet. */
  async lookUp(route: Route): Promise<void> {
    if (this.routes.isKnown(route)) return;
    const reading =
      this.#reading.get(route.origin) ??
      this.#read(route.origin).finally(() => this.#reading.delete(route.origin));
    this.#reading.set(route.origin, reading);
    await reading;
  }

  async #read(origin: string): Promise<void> {
    // The record only spares a probe: a store that cannot be read leaves the route to be
    // learned here, as alone (the quotas' own reads and writes meet the store's failure).
    const stored = await quietly(this.store.read(this.#key(origin)));
    // The codec checked the shape; the origin check keeps a record from pointing elsewhere.
    const record = decodeRouteScopeRecord(stored?.state.routes, origin);
    if (record?.perRoute) this.routes.countPerRoute(origin);
    for (const [path, buckets] of record?.scopes ?? []) {
      const route = routeAt(origin, path);
      // What this process learned itself is fresher than the record it may not have written yet.
      if (!route || this.routes.isKnown(route)) continue;
      // A route learned before the proof that the origin counts each route apart was written
      // with the account's quota: once proved, its unnamed fields describe the route's own.
      const own = record?.perRoute
        ? buckets.map((bucket) => (this.routes.isSharedUnnamed(bucket) ? route.key : bucket))
        : buckets;
      this.routes.remember(route, [...new Set(own)]);
    }
  }

  /** Writes that `route` draws on `buckets` (and whether the origin counts per route), unless the record says so already. */
  async remember(route: Route, buckets: readonly string[], perRoute: boolean): Promise<void> {
    const path = route.key.slice(route.origin.length);
    // Not written (the store failed, or other writers kept winning): the other processes learn
    // the route from an answer of their own, as alone.
    await quietly(
      compareAndSetCycle({
        store: this.store,
        keys: [this.#key(route.origin)],
        ttlMs: this.ttlMs,
        attempts: MAX_CAS_ATTEMPTS,
        change: ([current]) => {
          const before: RouteScopeRecord = decodeRouteScopeRecord(current?.state.routes, route.origin) ?? {};
          let next = withRouteScope(before, path, buckets);
          if (perRoute && !next.perRoute) next = { ...next, perRoute: true };
          return {
            writes: [next === before ? undefined : { blockedUntil: 0, routes: next }],
            result: undefined,
          };
        },
      }),
    );
  }
}

/** The route of `path` on `origin`, or undefined when the stored path is not one of its path groups. */
function routeAt(origin: string, path: string): Route | undefined {
  let url: URL;
  try {
    url = new URL(`${origin}${path}`);
  } catch {
    return undefined;
  }
  const route = routeOf(url);
  return route.origin === origin && route.key === `${origin}${path}` ? route : undefined;
}
