/**
 * A limiter in the de-facto `X-RateLimit-Limit`, `-Remaining`, `-Reset` fields, the reset given
 * as the Unix time in seconds when the window ends (as GitHub and many gateways do), windows
 * aligned on the clock, 429 past the quota with no `Retry-After`.
 * @module
 */
import { AlignedWindows } from './counters.js';
import { countingLimiter } from './counting-limiter.js';
import type { Limiter } from './job-service.js';

export function xRateLimitEpochLimiter(options: { limit?: number; windowMs?: number } = {}): Limiter {
  const limit = options.limit ?? 10;
  return countingLimiter({
    limit,
    counter: new AlignedWindows(options.windowMs ?? 1_000),
    fields: ({ remaining, resetMs, now }) => ({
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(Math.ceil((now + resetMs) / 1000)),
    }),
    retryAfter: false,
    refusal: { message: 'API rate limit exceeded for this account.' },
  });
}
