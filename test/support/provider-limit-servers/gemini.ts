/**
 * Google's Gemini API (and every Google Cloud API) limits as documented: requests per minute
 * per project, no rate-limit field on any answer; past it, 429 with the `google.rpc.Status`
 * body `{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "details": [...]}}` whose
 * details hold a `QuotaFailure` and a `RetryInfo` with `retryDelay` as a protobuf duration
 * (`"7s"`), and no `Retry-After`. The window is the clock's minute; here `windowMs` long, so
 * that a run fits in virtual minutes.
 * @module
 */
import type { ProviderLimiter } from './provider-service.js';

export function geminiLimiter(limits: {
  readonly limit: number;
  readonly windowMs: number;
}): ProviderLimiter {
  const windows = new Map<string, { index: number; used: number }>();
  return {
    admit({ account, now }) {
      const index = Math.floor(now / limits.windowMs);
      let window = windows.get(account);
      if (!window || window.index !== index) {
        window = { index, used: 0 };
        windows.set(account, window);
      }
      const headers = { 'x-goog-request-id': `r${now}`, server: 'scaffolding on HTTPServer2' };
      if (window.used < limits.limit) {
        window.used += 1;
        return { allowed: true, headers };
      }
      const waitMs = (index + 1) * limits.windowMs - now;
      return {
        allowed: false,
        status: 429,
        headers,
        body: {
          error: {
            code: 429,
            message: `You exceeded your current quota, please check your plan and billing details. Please retry in ${(waitMs / 1000).toFixed(3)}s.`,
            status: 'RESOURCE_EXHAUSTED',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
                violations: [
                  {
                    quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests',
                    quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
                    quotaValue: String(limits.limit),
                  },
                ],
              },
              {
                '@type': 'type.googleapis.com/google.rpc.RetryInfo',
                retryDelay: `${Math.ceil(waitMs / 1000)}s`,
              },
            ],
          },
        },
      };
    },
  };
}
