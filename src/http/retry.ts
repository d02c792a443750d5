/**
 * When to try a failed call again, and after how long. Server timing wins: a delay the service
 * asked for (`Retry-After`, `retry-after-ms`, a body's `retry_after`) is used as given, without
 * jitter, within `maxRetryAfterMs`; otherwise exponential backoff with full jitter.
 *
 * And never blindly: a request declares its {@link Idempotency}. Reads and polls (`safe`) and
 * writes that carry an `Idempotency-Key` (`keyed`) are repeated after any transient failure;
 * an `unsafe` request (a generation submission) only when the service provably did not act on
 * it: a 429, a 503, or a connection that failed before the request was sent.
 *
 * The service's own advice (`Stripe-Should-Retry`, `X-Should-Retry`, any `*-should-retry`)
 * wins over the status: `false` ends the retries (the error says so), `true` retries any status,
 * an `unsafe` request too (the service is the one that knows it did not act).
 * @module
 */
import { NetworkError, TimeoutError } from './errors/call-errors.js';
import { RateLimitedError, ServerError } from './errors/http-status-errors.js';
import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import type { ServiceError } from './errors/service-error.js';

/**
 * How safe a request is to send twice.
 *
 * @example
 * client.request({ method: 'GET', url: '/api/v7/models', idempotency: 'safe' }); // retried freely
 * client.request({ method: 'POST', url: '/api/v1/wallet/fund', json, idempotency: 'keyed', idempotencyKey }); // retried with its key
 */
export type Idempotency = 'safe' | 'keyed' | 'unsafe';

/**
 * When and how the HTTP core tries a failed request again. Server timing (`Retry-After`) wins over
 * the backoff; requests that are not safe to send twice are retried only when provably unsent.
 *
 * @example
 * await connect({
 *   baseUrl,
 *   apiKey,
 *   http: { retry: { limit: 3, statusCodes: [429, 503], maxRetryAfterMs: 30_000, jitter: false } },
 * });
 */
export interface RetryOptions {
  /**
   * Retries after the first attempt.
   * @default 4
   */
  readonly limit?: number;
  /**
   * HTTP statuses worth another attempt (for `unsafe` requests only 429 and 503 ever are).
   * @default [408, 429, 500, 502, 503, 504]
   */
  readonly statusCodes?: readonly number[];
  /**
   * First backoff delay in milliseconds; doubled (by `factor`) at each retry.
   * @default 500
   */
  readonly initialDelayMs?: number;
  /** @default 2 */
  readonly factor?: number;
  /**
   * Longest backoff delay in milliseconds.
   * @default 30000
   */
  readonly backoffLimitMs?: number;
  /**
   * Longest server-given delay honoured, in milliseconds. A longer one ends the retries; the
   * error then carries the delay in `retryAfterMs`.
   * @default 120000
   */
  readonly maxRetryAfterMs?: number;
  /**
   * Full jitter on backoff delays (never on server-given ones).
   * @default true
   */
  readonly jitter?: boolean;
  /** Last word: return true or false to override the decision, undefined to keep it. */
  readonly shouldRetry?: (context: {
    readonly error: ServiceError;
    readonly retryCount: number;
    readonly idempotency: Idempotency;
  }) => boolean | undefined;
}

export type ResolvedRetryOptions = Required<Omit<RetryOptions, 'shouldRetry'>> &
  Pick<RetryOptions, 'shouldRetry'>;

/** A number means `{ limit: n }`; `false` disables retries. */
export function resolveRetryOptions(input: number | false | RetryOptions | undefined): ResolvedRetryOptions {
  const options: RetryOptions =
    input === false ? { limit: 0 } : typeof input === 'number' ? { limit: input } : (input ?? {});
  return {
    limit: Math.max(0, options.limit ?? 4),
    statusCodes: options.statusCodes ?? [408, 429, 500, 502, 503, 504],
    initialDelayMs: options.initialDelayMs ?? 500,
    factor: options.factor ?? 2,
    backoffLimitMs: options.backoffLimitMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
    jitter: options.jitter ?? true,
    ...(options.shouldRetry ? { shouldRetry: options.shouldRetry } : {}),
  };
}

/** Whether the service provably did not act on the request that met `error`. */
export function provablyNotProcessed(error: ServiceError): boolean {
  // The service itself says the request may go again (`Stripe-Should-Retry: true`): it knows.
  if (error.retryAdvice === true) return true;
  if (RateLimitedError.isInstance(error)) return true;
  if (ServerError.isInstance(error)) return error.httpStatus === 503;
  if (NetworkError.isInstance(error)) return !error.requestSent;
  return false;
}

function transient(error: ServiceError, options: ResolvedRetryOptions): boolean {
  // The service's own advice wins over what its status suggests, either way.
  if (error.retryAdvice !== undefined) return error.retryAdvice;
  // Whatever its status, an answer too large to read would be as large again.
  if (ResponseTooLargeError.isInstance(error)) return false;
  if (RateLimitedError.isInstance(error)) return true;
  if (NetworkError.isInstance(error)) return true;
  if (TimeoutError.isInstance(error)) return error.phase === 'attempt';
  if (error.code === 'response_format') return true;
  return error.httpStatus !== undefined && options.statusCodes.includes(error.httpStatus);
}

/** Whether a request of this idempotency may be sent again after `error`. */
export function shouldRetry(
  error: ServiceError,
  idempotency: Idempotency,
  retryCount: number,
  options: ResolvedRetryOptions,
): boolean {
  let decision =
    retryCount < options.limit &&
    transient(error, options) &&
    (idempotency !== 'unsafe' || provablyNotProcessed(error)) &&
    (error.retryAfterMs === undefined || error.retryAfterMs <= options.maxRetryAfterMs);
  const override = options.shouldRetry?.({ error, retryCount, idempotency });
  if (override !== undefined) decision = override;
  return decision;
}

/** Milliseconds before retry number `retryCount + 1`. */
export function retryDelay(
  error: ServiceError,
  retryCount: number,
  options: ResolvedRetryOptions,
  random: () => number,
): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, options.maxRetryAfterMs);
  const backoff = Math.min(options.backoffLimitMs, options.initialDelayMs * options.factor ** retryCount);
  return options.jitter ? random() * backoff : backoff;
}
