/**
 * The keys of the HTTP core's options, and the check that refuses any other (JavaScript callers
 * have no type checker to catch `retries` for `retry`).
 * @module
 */
import { type OptionKeys, rejectUnknownOptions } from '../errors/index.js';
import type { HttpClientOptions } from './client-options.js';
import type { RetryOptions } from './retry.js';

/**
 * The options of the HTTP core that a session leaves to its caller (it sets the base URL and the credentials itself).
 *
 * @example
 * const session = await connect({
 *   baseUrl,
 *   apiKey,
 *   http: { timeoutMs: 10_000, totalTimeoutMs: 60_000, retry: { limit: 2 }, onEvent: (event) => log(event) },
 * });
 */
export type SessionHttpOptions = Omit<
  HttpClientOptions,
  'baseUrl' | 'credentials' | 'trustedOrigins' | 'telemetry'
>;

const RETRY_OPTION_KEYS: OptionKeys<RetryOptions> = {
  limit: ['retries', 'maxRetries', 'attempts'],
  statusCodes: ['statuses'],
  initialDelayMs: ['delayMs', 'initialDelay'],
  factor: true,
  backoffLimitMs: ['maxDelayMs', 'backoffLimit'],
  maxRetryAfterMs: ['maxRetryAfter'],
  jitter: true,
  shouldRetry: true,
};

const RATE_LIMIT_OPTION_KEYS: OptionKeys<NonNullable<HttpClientOptions['rateLimit']>> = {
  store: true,
  burst: true,
  jitterMs: ['jitter'],
  observeIntervalMs: true,
  quotas: ['limits', 'publishedQuotas'],
};

/** The keys of {@link SessionHttpOptions}. */
export const SESSION_HTTP_OPTION_KEYS: OptionKeys<SessionHttpOptions> = {
  timeoutMs: ['timeout'],
  totalTimeoutMs: ['totalTimeout', 'deadlineMs'],
  retry: ['retries'],
  governor: true,
  rateLimit: ['rateLimiter', 'rateLimits'],
  maxQueuedJobs: true,
  allowSunset: true,
  onWarning: true,
  onEvent: true,
  headers: true,
  userAgentSuffix: ['userAgent'],
  maxRedirects: true,
  maxResponseBytes: ['maxBytes', 'maxBodyBytes'],
  fetch: true,
  clock: true,
  transport: true,
  random: true,
  redactor: true,
};

/** The keys of {@link HttpClientOptions}. */
export const HTTP_CLIENT_OPTION_KEYS: OptionKeys<HttpClientOptions> = {
  ...SESSION_HTTP_OPTION_KEYS,
  baseUrl: ['baseURL', 'url'],
  trustedOrigins: true,
  credentials: true,
  telemetry: true,
};

/**
 * Throws an {@link UnknownOptionError} for a key of `options`, of its `retry` object or of its
 * `rateLimit` that the HTTP core does not know. `where` names the object: `connect options.http`.
 */
export function rejectUnknownHttpOptions<T extends SessionHttpOptions>(
  options: T | undefined,
  keys: OptionKeys<T>,
  where: string,
): void {
  rejectUnknownOptions(options, keys, where);
  if (typeof options?.retry === 'object')
    rejectUnknownOptions(options.retry, RETRY_OPTION_KEYS, `${where}.retry`);
  rejectUnknownOptions(options?.rateLimit, RATE_LIMIT_OPTION_KEYS, `${where}.rateLimit`);
}
