/**
 * Shopify's REST Admin API limit as its documentation describes it: a leaky bucket per app and
 * store, 40 requests deep, leaking 2 a second; every answer carries
 * `X-Shopify-Shop-Api-Call-Limit: <used>/<depth>` (`32/40`) and nothing about time. Past it,
 * 429 with `Retry-After: 2.0` (a decimal, unlike RFC 9110's whole seconds) and
 * `{"errors": "Exceeded 2 calls per second for api client. ..."}`.
 * @module
 */
import { ContinuousBucket } from './continuous-bucket.js';
import type { ProviderLimiter } from './provider-service.js';

export function shopifyLimiter(limits: {
  readonly depth: number;
  readonly leakPerSecond: number;
}): ProviderLimiter {
  const buckets = new Map<string, ContinuousBucket>();
  return {
    admit({ account, now }) {
      let bucket = buckets.get(account);
      if (!bucket) {
        // The bucket's free room refills as the bucket leaks.
        bucket = new ContinuousBucket(limits.depth, limits.leakPerSecond);
        buckets.set(account, bucket);
      }
      const allowed = bucket.take(now);
      const used = limits.depth - Math.floor(bucket.level(now));
      const headers = {
        'x-shopify-shop-api-call-limit': `${used}/${limits.depth}`,
        'x-request-id': `req-${now}`,
      };
      if (allowed) return { allowed: true, headers };
      return {
        allowed: false,
        status: 429,
        headers: { ...headers, 'retry-after': '2.0' },
        body: {
          errors: `Exceeded ${limits.leakPerSecond} calls per second for api client. Reduce request rates to resume uninterrupted service.`,
        },
      };
    },
  };
}
