/**
 * Jira Cloud's burst limit as Atlassian's documentation describes it: a per-second limit per
 * tenant and endpoint (a token bucket here, 20 deep, refilled 10 a second; Atlassian publishes
 * no figures). Answers carry `X-RateLimit-Limit` and `X-RateLimit-Remaining`, and
 * `X-RateLimit-NearLimit: true` once less than a fifth is left; no reset. Past it, 429 with
 * `Retry-After` (whole seconds), `X-RateLimit-Reset` (the request's moment plus that wait, as
 * ISO 8601 to the minute: `2026-01-01T00:00Z`), `RateLimit-Reason: jira-burst-based`.
 * @module
 */
import { ContinuousBucket } from './continuous-bucket.js';
import type { ProviderLimiter } from './provider-service.js';

/** `yyyy-MM-ddTHH:mmZ`, as Atlassian writes its reset (the seconds cut off). */
function toTheMinute(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16)}Z`;
}

export function jiraLimiter(limits: { readonly depth: number; readonly perSecond: number }): ProviderLimiter {
  const buckets = new Map<string, ContinuousBucket>();
  return {
    admit({ account, now }) {
      let bucket = buckets.get(account);
      if (!bucket) {
        bucket = new ContinuousBucket(limits.depth, limits.perSecond);
        buckets.set(account, bucket);
      }
      const allowed = bucket.take(now);
      const left = Math.floor(bucket.level(now));
      const headers: Record<string, string> = {
        'X-RateLimit-Limit': String(limits.depth),
        'X-RateLimit-Remaining': String(left),
        ...(left < limits.depth / 5 ? { 'X-RateLimit-NearLimit': 'true' } : {}),
      };
      if (allowed) return { allowed: true, headers };
      const retryAfter = Math.max(1, Math.ceil(bucket.msUntil(now) / 1000));
      return {
        allowed: false,
        status: 429,
        headers: {
          ...headers,
          'Retry-After': String(retryAfter),
          'X-RateLimit-Reset': toTheMinute(now + retryAfter * 1000),
          'RateLimit-Reason': 'jira-burst-based',
        },
        body: { message: 'Rate limit exceeded.' },
      };
    },
  };
}
