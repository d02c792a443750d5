/**
 * The limiter most services write: count the request in its window, write the fields, refuse
 * with 429 past the limit. Each dialect supplies its counter, its key and its fields.
 * @module
 */
import { ceilSeconds, type WindowCount } from './counters.js';
import type { Admission, LimitedRequest, Limiter } from './job-service.js';

export interface CountingLimiterOptions {
  readonly limit: number;
  readonly counter: { hit(key: string, now: number): WindowCount };
  /** Whose count a request adds to. @default the account */
  readonly keyOf?: (request: LimitedRequest) => string;
  /** The rate-limit fields of an answer. */
  readonly fields: (state: { remaining: number; resetMs: number; now: number }) => Record<string, string>;
  /** Whether a refusal adds `Retry-After` (delay seconds). */
  readonly retryAfter: boolean;
  /** The refusal's body. */
  readonly refusal: unknown;
  /** A further refusal once the rate quota let the request through (a job limit). */
  readonly thenCheck?: (request: LimitedRequest, headers: Record<string, string>) => Admission | undefined;
}

export function countingLimiter(options: CountingLimiterOptions): Limiter {
  const keyOf = options.keyOf ?? ((request: LimitedRequest) => request.account);
  return {
    admit(request) {
      const { count, resetMs } = options.counter.hit(keyOf(request), request.now);
      const remaining = Math.max(0, options.limit - count);
      const headers = options.fields({ remaining, resetMs, now: request.now });
      if (count > options.limit) {
        const retryAfter = options.retryAfter
          ? { 'Retry-After': String(Math.max(1, ceilSeconds(resetMs))) }
          : {};
        return { allowed: false, status: 429, headers: { ...headers, ...retryAfter }, body: options.refusal };
      }
      return options.thenCheck?.(request, headers) ?? { allowed: true, headers };
    },
  };
}
