/**
 * What a fleet learned of one origin's route scopes, kept in the rate-limit store next to the
 * quotas (as the `routes` field of a state under `<origin>#routes`), so that a process joining
 * the fleet paces its first requests against the quota the fleet's answers named for each route
 * instead of probing each route again and pacing against the wrong quota meanwhile.
 * @module
 */

/** One route: its path group below the origin (`/api/v7/images`) and the quotas it draws on. */
export type RouteScope = readonly [path: string, buckets: readonly string[]];

/**
 * The shared record of one origin.
 *
 * @example
 * const record: RouteScopeRecord = { scopes: [['/api/v7/images', ['https://api.example.com#images#']]] };
 */
export interface RouteScopeRecord {
  /** Routes whose answers said which quotas apply, oldest first. */
  readonly scopes?: readonly RouteScope[];
  /** The answers proved that the origin's unnamed fields count each route apart. */
  readonly perRoute?: boolean;
}

/** Routes kept per origin; beyond, the oldest go (they are learned again from one answer). */
export const MAX_ROUTE_SCOPES = 128;
/** Quotas one route draws on: answers name a handful at most. */
const MAX_BUCKETS_PER_ROUTE = 8;
/** A path group has at most four segments (`route-key.ts`); bucket names are the origin and a policy. */
const MAX_NAME_LENGTH = 256;
/** The record stays well inside what the codec reads of one state (64 KiB): beyond, the oldest routes go. */
const MAX_RECORD_CHARS = 32_768;

/** `record` with `path` drawing on `buckets` (moved last: the freshest), or `record` itself when it said so already. */
export function withRouteScope(
  record: RouteScopeRecord,
  path: string,
  buckets: readonly string[],
): RouteScopeRecord {
  const scopes = record.scopes ?? [];
  const existing = scopes.find((scope) => scope[0] === path);
  if (existing && sameBuckets(existing[1], buckets)) return record;
  if (!isScope(path, buckets)) return record;
  const next = [...scopes.filter((scope) => scope[0] !== path), [path, [...buckets]] as RouteScope];
  const kept = next.slice(-MAX_ROUTE_SCOPES);
  let chars = JSON.stringify(kept).length;
  while (chars > MAX_RECORD_CHARS && kept.length > 1) chars -= JSON.stringify(kept.shift()).length + 1;
  return { ...record, scopes: kept };
}

function sameBuckets(first: readonly string[], second: readonly string[]): boolean {
  return first.length === second.length && first.every((bucket, index) => bucket === second[index]);
}

/**
 * A stored record as the toolkit wrote it for `origin`, or undefined when it is not one (foreign
 * data: read as nothing known, and the next write replaces it). A route's quotas must be the
 * origin's own: a record never points a route at another origin's quota.
 */
export function decodeRouteScopeRecord(value: unknown, origin?: string): RouteScopeRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  const record: { -readonly [K in keyof RouteScopeRecord]: RouteScopeRecord[K] } = {};
  if (typeof input.perRoute === 'boolean') record.perRoute = input.perRoute;
  if (input.scopes !== undefined) {
    if (!Array.isArray(input.scopes) || input.scopes.length > MAX_ROUTE_SCOPES) return undefined;
    const scopes: RouteScope[] = [];
    for (const scope of input.scopes as unknown[]) {
      if (!Array.isArray(scope) || scope.length !== 2) return undefined;
      const [path, buckets] = scope as unknown[];
      if (!isScope(path, buckets, origin)) return undefined;
      scopes.push([path as string, [...buckets]]);
    }
    record.scopes = scopes;
  }
  return record;
}

function isScope(path: unknown, buckets: unknown, origin?: string): buckets is readonly string[] {
  return (
    typeof path === 'string' &&
    path.length <= MAX_NAME_LENGTH &&
    (path === '' || path.startsWith('/')) &&
    Array.isArray(buckets) &&
    buckets.length > 0 &&
    buckets.length <= MAX_BUCKETS_PER_ROUTE &&
    buckets.every(
      (bucket) =>
        typeof bucket === 'string' &&
        bucket.length > 0 &&
        bucket.length <= MAX_NAME_LENGTH &&
        (origin === undefined || bucket.startsWith(`${origin}#`) || bucket.startsWith(`${origin}/`)),
    )
  );
}
