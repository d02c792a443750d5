/**
 * A true sliding log (a sorted set of request times per account): at most `limit` requests in
 * any `windowMs`. Its fields are the IETF draft's (draft 10): `RateLimit-Policy:
 * "sliding";q=100;w=10` and `RateLimit: "sliding";r=<left>;t=<seconds until more quota>`,
 * where more quota comes back as each logged request leaves the window; past the limit, 429
 * with `Retry-After`.
 * @module
 */
import type { ProviderLimiter } from './provider-service.js';

export function slidingLogLimiter(limits: { limit: number; windowMs: number }): ProviderLimiter {
  const logs = new Map<string, number[]>();
  const policy = `"sliding";q=${limits.limit};w=${Math.ceil(limits.windowMs / 1000)}`;
  return {
    admit({ account, now }) {
      const log = (logs.get(account) ?? []).filter((at) => at > now - limits.windowMs);
      logs.set(account, log);
      const allowed = log.length < limits.limit;
      if (allowed) log.push(now);
      const untilMore = log.length > 0 ? Math.max(0, log[0]! + limits.windowMs - now) : 0;
      const t = Math.ceil(untilMore / 1000);
      const headers = {
        'RateLimit-Policy': policy,
        RateLimit: `"sliding";r=${limits.limit - log.length};t=${t}`,
      };
      if (allowed) return { allowed: true, headers };
      return {
        allowed: false,
        status: 429,
        headers: { ...headers, 'Retry-After': String(Math.max(1, t)) },
        body: { title: 'Too Many Requests', status: 429 },
      };
    },
  };
}
