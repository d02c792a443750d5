/**
 * HubSpot's API limits as its documentation describes them: a burst limit of 100 requests in
 * any rolling 10 seconds (`TEN_SECONDLY_ROLLING`) and a daily limit, per account. Every answer
 * carries `X-HubSpot-RateLimit-Max: 100`, `X-HubSpot-RateLimit-Interval-Milliseconds: 10000`,
 * `X-HubSpot-RateLimit-Remaining`, and with a daily limit (not for OAuth apps, which have
 * none) `X-HubSpot-RateLimit-Daily` and `-Daily-Remaining`: a declared window and no reset. Past it, 429 without `Retry-After`, the body naming the policy:
 * `{"status":"error","message":"You have reached your ten_secondly_rolling limit.",
 * "errorType":"RATE_LIMIT","policyName":"TEN_SECONDLY_ROLLING",...}`.
 * @module
 */
import type { ProviderLimiter } from './provider-service.js';

export function hubSpotLimiter(limits: {
  readonly limit: number;
  readonly windowMs: number;
  /** Requests a day; none for an OAuth app (no daily fields then). */
  readonly daily?: number;
}): ProviderLimiter {
  const daily = limits.daily ?? Number.POSITIVE_INFINITY;
  const logs = new Map<string, number[]>();
  const days = new Map<string, number>();
  return {
    admit({ account, now }) {
      const log = (logs.get(account) ?? []).filter((at) => at > now - limits.windowMs);
      logs.set(account, log);
      const spentToday = days.get(account) ?? 0;
      const allowed = log.length < limits.limit && spentToday < daily;
      if (allowed) {
        log.push(now);
        days.set(account, spentToday + 1);
      }
      const headers = {
        ...(limits.daily !== undefined
          ? {
              'X-HubSpot-RateLimit-Daily': String(limits.daily),
              'X-HubSpot-RateLimit-Daily-Remaining': String(limits.daily - (days.get(account) ?? 0)),
            }
          : {}),
        'X-HubSpot-RateLimit-Interval-Milliseconds': String(limits.windowMs),
        'X-HubSpot-RateLimit-Max': String(limits.limit),
        'X-HubSpot-RateLimit-Remaining': String(limits.limit - log.length),
      };
      if (allowed) return { allowed: true, headers };
      return {
        allowed: false,
        status: 429,
        headers,
        body: {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          correlationId: `c-${now}`,
          policyName: 'TEN_SECONDLY_ROLLING',
        },
      };
    },
  };
}
