/**
 * GitHub's REST limits as its documentation describes them. The primary limit: so many requests
 * per window that starts with the first request, every answer carrying `x-ratelimit-limit`,
 * `-remaining`, `-used`, `-reset` (epoch seconds) and `-resource`; past it, 403 (or 429) with
 * `x-ratelimit-remaining: 0` and "API rate limit exceeded". The secondary limit: no more than so
 * many requests in flight at once; past it, 403 (or 429) "You have exceeded a secondary rate
 * limit" with `retry-after`, the primary fields still showing room. Windows here are shorter
 * than GitHub's hour so that a run fits in seconds.
 * @module
 */
import type { ProviderLimiter } from './provider-service.js';

export interface GitHubLimits {
  readonly limit: number;
  readonly windowMs: number;
  /** Requests in flight at once before the secondary limit refuses. */
  readonly maxInFlight: number;
  /** The status of refusals: GitHub documents both. */
  readonly refusalStatus: 403 | 429;
  /** The secondary refusal's `retry-after`, in seconds. */
  readonly secondaryRetryAfterSeconds: number;
}

const DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

export function gitHubLimiter(limits: GitHubLimits): ProviderLimiter {
  const windows = new Map<string, { resetAt: number; used: number }>();
  return {
    admit({ account, now, inFlight }) {
      let window = windows.get(account);
      if (!window || window.resetAt <= now) {
        window = { resetAt: now + limits.windowMs, used: 0 };
        windows.set(account, window);
      }
      const fields = () => ({
        'x-ratelimit-limit': String(limits.limit),
        'x-ratelimit-remaining': String(Math.max(0, limits.limit - window.used)),
        'x-ratelimit-used': String(window.used),
        'x-ratelimit-reset': String(Math.ceil(window.resetAt / 1000)),
        'x-ratelimit-resource': 'core',
        'x-github-request-id': `0000:${now}`,
      });
      if (window.used >= limits.limit) {
        return {
          allowed: false,
          status: limits.refusalStatus,
          headers: fields(),
          body: { message: 'API rate limit exceeded for user ID 1.', documentation_url: DOCS },
        };
      }
      if (inFlight >= limits.maxInFlight) {
        return {
          allowed: false,
          status: limits.refusalStatus,
          headers: { ...fields(), 'retry-after': String(limits.secondaryRetryAfterSeconds) },
          body: {
            message:
              'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
            documentation_url: DOCS,
          },
        };
      }
      window.used += 1;
      return { allowed: true, headers: fields() };
    },
  };
}
