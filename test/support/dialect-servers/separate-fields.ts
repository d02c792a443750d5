/**
 * A limiter that speaks the older separate fields, `RateLimit-Limit`, `-Remaining` and `-Reset`
 * (delta seconds), with no policy name: one quota for the whole account, every route counting
 * against it, windows aligned on the clock.
 * @module
 */
import { AlignedWindows, ceilSeconds } from './counters.js';
import { countingLimiter } from './counting-limiter.js';
import type { Limiter } from './job-service.js';

export function separateFieldsLimiter(options: { limit?: number; windowMs?: number } = {}): Limiter {
  const limit = options.limit ?? 10;
  return countingLimiter({
    limit,
    counter: new AlignedWindows(options.windowMs ?? 1_000),
    fields: ({ remaining, resetMs }) => ({
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(ceilSeconds(resetMs)),
    }),
    retryAfter: true,
    refusal: { message: 'Too many requests, please try again later.' },
  });
}
