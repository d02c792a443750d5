/**
 * GitHub's primary limits per resource on the job service's two routes: each route draws on a
 * quota of its own, named by `x-ratelimit-resource` (as GitHub's `search` and `core`), so a
 * client that takes them for one quota paces the cheap route against the scarce one, and one
 * that has not learned the submit route's resource yet probes into a quota that may be spent.
 * Past a resource's limit: 403 with `x-ratelimit-remaining: 0` and "API rate limit exceeded".
 * @module
 */
import { type ResourceLimit, resourceWindows } from '../github-resources.js';
import type { ProviderLimiter } from './provider-service.js';

const DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

export interface GitHubRouteResources {
  /** The submit route's resource (the scarce one, as GitHub's search). */
  readonly submit: ResourceLimit;
  /** The status route's resource (as GitHub's core). */
  readonly status: ResourceLimit;
}

export function gitHubResourcesLimiter(limits: GitHubRouteResources): ProviderLimiter {
  const admit = resourceWindows({ search: limits.submit, core: limits.status });
  return {
    admit({ route, account, now }) {
      const { allowed, headers } = admit(account, route === 'submit' ? 'search' : 'core', now);
      if (allowed) return { allowed: true, headers };
      return {
        allowed: false,
        status: 403,
        headers,
        body: { message: 'API rate limit exceeded for user ID 1.', documentation_url: DOCS },
      };
    },
  };
}
