/**
 * A provider that is overloaded now and then for every customer, as Anthropic documents its 529
 * `overloaded_error` ("the API is temporarily overloaded": the request was turned down, not
 * acted on; retry with backoff, honouring `retry-after` when there is one): for `outageMs` of
 * every `everyMs`, every request is answered 529 `{type: "error", error: {type:
 * "overloaded_error", message: "Overloaded"}}`, with no `retry-after`; otherwise `limiter`
 * decides.
 * @module
 */
import type { ProviderLimiter } from './provider-service.js';

export interface Outages {
  readonly startedAt: number;
  readonly everyMs: number;
  readonly outageMs: number;
  /** When in each period the outage begins. */
  readonly offsetMs: number;
}

export function overloadedNowAndThen(limiter: ProviderLimiter, outages: Outages): ProviderLimiter {
  return {
    admit(request) {
      const into = (request.now - outages.startedAt) % outages.everyMs;
      if (into < outages.offsetMs || into >= outages.offsetMs + outages.outageMs)
        return limiter.admit(request);
      return {
        allowed: false,
        status: 529,
        headers: { 'request-id': `req_${request.now}` },
        body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      };
    },
  };
}
