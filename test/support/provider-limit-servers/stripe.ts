/**
 * A Stripe-like limiter as Stripe's rate-limit documentation describes it: a token bucket per
 * account (here 20 deep, 5 back a second), no rate-limit fields on any answer, and past it a
 * 429 `rate_limit` error without `Retry-After`, whose advice is in `Stripe-Should-Retry` and in
 * words ("We recommend an exponential backoff").
 * @module
 */
import { ContinuousBucket } from './continuous-bucket.js';
import type { ProviderLimiter } from './provider-service.js';

export interface StripeLimits {
  readonly depth: number;
  readonly perSecond: number;
}

export function stripeLimiter(limits: StripeLimits): ProviderLimiter {
  const buckets = new Map<string, ContinuousBucket>();
  return {
    admit({ account, now }) {
      let bucket = buckets.get(account);
      if (!bucket) {
        bucket = new ContinuousBucket(limits.depth, limits.perSecond);
        buckets.set(account, bucket);
      }
      const headers = { 'request-id': `req_${now}`, 'stripe-version': '2024-06-20' };
      if (bucket.take(now)) return { allowed: true, headers };
      return {
        allowed: false,
        status: 429,
        headers: { ...headers, 'stripe-should-retry': 'true' },
        body: {
          error: {
            code: 'rate_limit',
            message:
              'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
            type: 'invalid_request_error',
          },
        },
      };
    },
  };
}
