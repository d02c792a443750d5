/**
 * A limiter that speaks the current IETF draft: `RateLimit-Policy: "per-account";q=10;w=1` and
 * `RateLimit: "per-account";r=7;t=1` on every answer, 429 with `Retry-After` past the quota.
 * The window is aligned on the clock, or starts at the first request (`INCR` + `EXPIRE`), as
 * the two common ways such a limiter is written.
 * @module
 */
import { AlignedWindows, ceilSeconds, ExpiringCounters } from './counters.js';
import { countingLimiter } from './counting-limiter.js';
import type { Limiter } from './job-service.js';

export interface IetfPolicyOptions {
  readonly limit?: number;
  readonly windowMs?: number;
  /** `aligned`: windows on the clock; `first-request`: each window starts with its first request. */
  readonly windows: 'aligned' | 'first-request';
}

export function ietfPolicyLimiter(options: IetfPolicyOptions): Limiter {
  const limit = options.limit ?? 10;
  const windowMs = options.windowMs ?? 1_000;
  const policy = `"per-account";q=${limit};w=${ceilSeconds(windowMs)}`;
  return countingLimiter({
    limit,
    counter: options.windows === 'aligned' ? new AlignedWindows(windowMs) : new ExpiringCounters(windowMs),
    fields: ({ remaining, resetMs }) => ({
      'RateLimit-Policy': policy,
      RateLimit: `"per-account";r=${remaining};t=${ceilSeconds(resetMs)}`,
    }),
    retryAfter: true,
    refusal: { error: { code: 'too_many_requests', message: 'Rate limit exceeded' } },
  });
}
