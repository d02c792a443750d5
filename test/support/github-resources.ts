/**
 * GitHub's REST primary limits per resource, as its documentation describes them
 * (https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api): each resource
 * (`core`, `search`, `graphql`, ...) has a quota of its own per account, in a window that starts
 * with its first request; every answer carries `x-ratelimit-limit`, `-remaining`, `-used`,
 * `-reset` (epoch seconds) and `-resource` naming the quota it drew on; past it, 403 with
 * `x-ratelimit-remaining: 0` and "API rate limit exceeded". Which resource a path draws on is
 * the server's business: `/search/...` the search quota, `/graphql` the GraphQL one, the rest
 * core. Limits here are small and windows short so that a run fits in a test.
 * @module
 */

export interface ResourceLimit {
  readonly limit: number;
  readonly windowMs: number;
}

export interface GitHubResourceLimits {
  readonly core: ResourceLimit;
  readonly search: ResourceLimit;
  readonly graphql: ResourceLimit;
}

export interface GitHubResourceAnswer {
  readonly status: 200 | 403;
  readonly headers: Headers;
  readonly resource: keyof GitHubResourceLimits;
}

/** The resource GitHub counts a request to `path` against. */
export function resourceOf(path: string): keyof GitHubResourceLimits {
  if (path === '/graphql' || path.startsWith('/graphql/')) return 'graphql';
  if (path.startsWith('/search/')) return 'search';
  return 'core';
}

/** GitHub's windows per account and resource: `admit` counts one request at `now`. */
export function resourceWindows<Resource extends string>(limits: Readonly<Record<Resource, ResourceLimit>>) {
  const windows = new Map<string, { resetAt: number; used: number }>();
  return (account: string, resource: Resource, now: number) => {
    const { limit, windowMs } = limits[resource];
    const key = `${account}:${resource}`;
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { resetAt: now + windowMs, used: 0 };
      windows.set(key, window);
    }
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - window.used),
      'x-ratelimit-used': String(window.used),
      'x-ratelimit-reset': String(Math.ceil(window.resetAt / 1000)),
      'x-ratelimit-resource': resource,
    };
    return { allowed, headers };
  };
}

/** A GitHub-like limiter: `answer` counts one request of `account` to `path` at `now`. */
export function gitHubResources(limits: GitHubResourceLimits) {
  const admit = resourceWindows(limits);
  let refused = 0;
  return {
    get refused(): number {
      return refused;
    },
    answer(account: string, path: string, now: number): GitHubResourceAnswer {
      const resource = resourceOf(path);
      const { allowed, headers } = admit(account, resource, now);
      if (!allowed) refused += 1;
      return { status: allowed ? 200 : 403, headers: new Headers(headers), resource };
    },
  };
}
