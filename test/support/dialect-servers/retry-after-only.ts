/**
 * A limiter that publishes nothing until it refuses: a sliding log of the last second's
 * requests per account (a sorted set in Redis, usually), and past the quota a bare 429 with
 * `Retry-After`, in delay seconds or as an HTTP-date.
 * @module
 */
import type { Admission, LimitedRequest, Limiter } from './job-service.js';

export function retryAfterOnlyLimiter(
  options: { limit?: number; windowMs?: number; retryAfter?: 'seconds' | 'http-date' } = {},
): Limiter {
  const limit = options.limit ?? 10;
  const windowMs = options.windowMs ?? 1_000;
  const logs = new Map<string, number[]>();
  return {
    admit({ account, now }: LimitedRequest): Admission {
      const log = (logs.get(account) ?? []).filter((at) => at > now - windowMs);
      logs.set(account, log);
      if (log.length < limit) {
        log.push(now);
        return { allowed: true, headers: {} };
      }
      const waitMs = log[0]! + windowMs - now;
      const retryAfter =
        options.retryAfter === 'http-date'
          ? new Date(Math.ceil((now + waitMs) / 1000) * 1000).toUTCString()
          : String(Math.max(1, Math.ceil(waitMs / 1000)));
      return {
        allowed: false,
        status: 429,
        headers: { 'Retry-After': retryAfter },
        body: 'Too Many Requests',
      };
    },
  };
}
