/**
 * A limiter with a quota per route (`X-RateLimit-*` with the reset in delta seconds, no policy
 * name, the submit and status routes counted apart) and a limit on the jobs an account may
 * have in flight, refused as "Queue full: too many jobs in progress" with 503 (or 429) while
 * the route's quota still has room.
 * @module
 */
import { AlignedWindows, ceilSeconds } from './counters.js';
import { countingLimiter } from './counting-limiter.js';
import type { Limiter } from './job-service.js';

export interface RouteQuotaJobLimitOptions {
  readonly limit?: number;
  readonly windowMs?: number;
  /** Jobs an account may have in flight. @default 5 */
  readonly maxJobs?: number;
  /** @default 503 */
  readonly queueFullStatus?: 429 | 503;
  /** @default 'Queue full: too many jobs in progress' */
  readonly queueFullMessage?: string;
}

export function routeQuotaJobLimitLimiter(options: RouteQuotaJobLimitOptions = {}): Limiter {
  const limit = options.limit ?? 10;
  const maxJobs = options.maxJobs ?? 5;
  return countingLimiter({
    limit,
    counter: new AlignedWindows(options.windowMs ?? 1_000),
    keyOf: ({ account, route }) => `${account}:${route}`,
    fields: ({ remaining, resetMs }) => ({
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(ceilSeconds(resetMs)),
    }),
    retryAfter: true,
    refusal: { error: 'Rate limit exceeded' },
    thenCheck: ({ route, jobsInFlight }, headers) =>
      route === 'submit' && jobsInFlight >= maxJobs
        ? {
            allowed: false,
            status: options.queueFullStatus ?? 503,
            headers: { ...headers, 'Retry-After': '1' },
            body: { error: options.queueFullMessage ?? 'Queue full: too many jobs in progress' },
          }
        : undefined,
  });
}
