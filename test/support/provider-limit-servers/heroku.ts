/**
 * The Heroku Platform API's limit as its reference documents it: each account has a pool of
 * request tokens (4,500 at most), every call takes one, and tokens come back at a steady rate
 * (about 75 a minute) up to the pool's size; every answer carries `RateLimit-Remaining`, the
 * tokens left, and nothing else (no limit, no reset). With no token left, 429 and
 * `{"id": "rate_limit", "message": "Your account reached the API rate limit"}`, without
 * `Retry-After`. Scaled down here: a smaller pool refilled faster, the same shape.
 * @module
 */
import { ContinuousBucket } from './continuous-bucket.js';
import type { ProviderLimiter } from './provider-service.js';

export interface HerokuLimits {
  /** The pool's size, in request tokens. */
  readonly pool: number;
  /** Tokens back each second. */
  readonly perSecond: number;
}

export function herokuLimiter(limits: HerokuLimits): ProviderLimiter {
  const pools = new Map<string, ContinuousBucket>();
  return {
    admit({ account, now }) {
      let pool = pools.get(account);
      if (!pool) {
        pool = new ContinuousBucket(limits.pool, limits.perSecond);
        pools.set(account, pool);
      }
      const allowed = pool.take(now);
      const headers = {
        'ratelimit-remaining': String(Math.floor(pool.level(now))),
        'request-id': `h${now}`,
      };
      if (allowed) return { allowed: true, headers };
      return {
        allowed: false,
        status: 429,
        headers,
        body: { id: 'rate_limit', message: 'Your account reached the API rate limit' },
      };
    },
  };
}
