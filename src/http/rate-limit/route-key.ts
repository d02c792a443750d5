/**
 * Which requests share a quota, before any response has said so: requests to the same origin
 * and the same path group. Identifier-like segments (numbers, UUIDs, long random strings) are
 * folded into `*` so that every fetch of every job lands in one group, and groups stop after
 * four segments (`/api/v7/images/fetch`).
 * @module
 */

const MAX_SEGMENTS = 4;
/** Ancestors shorter than this (`/api`) say too little about which quota applies. */
const MIN_ANCESTOR_SEGMENTS = 2;
const IDENTIFIER =
  /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=.*\d)[A-Za-z0-9_-]{16,})$/i;

/** A route: its key and the keys of its shorter ancestors, longest first. */
export interface Route {
  readonly origin: string;
  readonly key: string;
  readonly ancestors: readonly string[];
}

/** Routes already computed, by origin and path; bounded, since ids make paths unique. */
const cache = new Map<string, Route>();
const CACHE_SIZE = 512;

/** `http://host:1/api/v7/images/fetch/123` -> key `http://host:1/api/v7/images/fetch`. */
export function routeOf(url: URL): Route {
  const cacheKey = `${url.origin}${url.pathname}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const route = computeRoute(url);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(cacheKey, route);
  return route;
}

function computeRoute(url: URL): Route {
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .slice(0, MAX_SEGMENTS)
    .map((segment) => (IDENTIFIER.test(segment) ? '*' : segment));
  const ancestors: string[] = [];
  for (let length = segments.length - 1; length >= MIN_ANCESTOR_SEGMENTS; length -= 1) {
    ancestors.push(`${url.origin}/${segments.slice(0, length).join('/')}`);
  }
  return { origin: url.origin, key: `${url.origin}/${segments.join('/')}`, ancestors };
}
