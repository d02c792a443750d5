/**
 * The options of {@link HttpClient} and of its one method, `request`.
 * @module
 */

import type { Telemetry } from '../telemetry/telemetry.js';
import type { Clock } from './clock.js';
import type { CredentialRef, CredentialSource } from './credentials.js';
import type { HttpEventHandler } from './events.js';
import type { PublishedQuota } from './rate-limit/governor-types.js';
import type { JobSlot } from './rate-limit/job-slots.js';
import type { RateLimitStore } from './rate-limit/rate-limit-store.js';
import type { RateLimitGovernor, RequestPriority } from './rate-limit-governor.js';
import type { Redactor } from './redact.js';
import type { Idempotency, RetryOptions } from './retry.js';
import type { FetchFunction, Transport } from './transport.js';
import type { ServiceWarning } from './versioning.js';

/**
 * The HTTP core's options: where requests go, which credentials they may carry, and how they are
 * timed, retried, rate-limited and reported. A session builds its client from `connect()`'s `http`
 * option ({@link SessionHttpOptions}) and sets the base URL and credentials itself.
 *
 * @example
 * const client = new HttpClient({
 *   baseUrl: 'https://api.example.com',
 *   credentials: { generationKey: () => process.env.GENTK_API_KEY },
 *   timeoutMs: 10_000,
 *   retry: { limit: 2 },
 *   onEvent: (event) => console.log(event.type),
 * });
 * const answer = await client.request({ method: 'GET', url: '/api/v7/models', idempotency: 'safe' });
 * await client.close();
 */
export interface HttpClientOptions {
  /** The service's base URL: relative request URLs resolve against it and its origin is trusted. */
  readonly baseUrl: string | URL;
  /**
   * Further origins that may receive credentials (a second API host). Every other origin is
   * refused with `UntrustedOriginError` before anything is sent.
   * @default []
   */
  readonly trustedOrigins?: readonly (string | URL)[];
  /** Named credentials, read at each request: `{ generationKey: 'gk_...', controlToken: () => store.token }`. */
  readonly credentials?: Readonly<Record<string, CredentialSource>>;
  /**
   * Per-attempt timeout in milliseconds of wall time.
   * @default 30000
   */
  readonly timeoutMs?: number;
  /**
   * Deadline of a whole call in milliseconds of the clock: attempts, retries and throttling waits.
   * @default 120000
   */
  readonly totalTimeoutMs?: number;
  /**
   * Largest answer read, in bytes, counted after decompression. A longer one (an endless body, a
   * gzip bomb, a 10 GiB Content-Length) stops being read at the limit and fails the call with
   * `ResponseTooLargeError`, which is not retried.
   * @default 33554432 (32 MiB)
   */
  readonly maxResponseBytes?: number;
  /** Retries: a count, `false`, or {@link RetryOptions}. @default { limit: 4 } */
  readonly retry?: number | false | RetryOptions;
  /** A governor to share with other clients; one is created when absent. */
  readonly governor?: RateLimitGovernor;
  /** Governor settings when the client creates it. */
  readonly rateLimit?: {
    /** @default in memory */
    readonly store?: RateLimitStore;
    /** @default 2 */
    readonly burst?: number;
    /** @default 50 */
    readonly jitterMs?: number;
    /** @default 1000 */
    readonly observeIntervalMs?: number;
    /**
     * The limits the service documents for the base URL's origin, as its documentation states
     * them: kept to from the first request instead of learned cold, and corrected by the
     * answers (see {@link PublishedQuota}).
     * @default none
     *
     * @example
     * // "A token bucket of 20 requests, refilled at 5 a second."
     * await connect({ baseUrl, apiKey, http: { rateLimit: { quotas: [{ limit: 20, refillPerSecond: 5 }] } } });
     */
    readonly quotas?: readonly PublishedQuota[];
  };
  /**
   * Jobs the account may have queued at once. Learned from the service's first queue-limit
   * refusal when absent. With `rateLimit.store`, the jobs of every client sharing the store count
   * against it together.
   * @default undefined
   */
  readonly maxQueuedJobs?: number;
  /**
   * Keep calling an API version whose Sunset date has passed, instead of failing with `SunsetError`.
   * @default false
   */
  readonly allowSunset?: boolean;
  /** Deprecation and sunset notices, each once per client. @default undefined (events only) */
  readonly onWarning?: (warning: ServiceWarning) => void;
  /** Requests, responses, retries, throttling waits and warnings, redacted. */
  readonly onEvent?: HttpEventHandler;
  /** Headers sent with every request. @default {} */
  readonly headers?: Readonly<Record<string, string>>;
  /** Appended to the user agent `generation-agent-toolkit/<version>`. @default undefined */
  readonly userAgentSuffix?: string;
  /**
   * Redirects followed per attempt (never to another origin with a credential).
   * @default 5
   */
  readonly maxRedirects?: number;
  /** A `fetch` to send requests with instead of the built-in undici transport. */
  readonly fetch?: FetchFunction;
  /** Test seams: the clock every wait uses, the wire, random numbers, the redactor. */
  readonly clock?: Clock;
  readonly transport?: Transport;
  readonly random?: () => number;
  /** @internal The session's own redactor, which knows its secrets. */
  readonly redactor?: Redactor;
  /**
   * Where spans and metrics of every attempt go (`openTelemetry()` of the `/opentelemetry`
   * entry). Everything handed to it is masked first. A session sets this from `connect()`'s
   * `telemetry`. @default none
   */
  readonly telemetry?: Telemetry;
}

/**
 * The methods the HTTP core sends.
 *
 * @example
 * await client.request({ method: 'DELETE', url: '/api/v1/keys/k_123', idempotency: 'safe' });
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One logical call through the HTTP core: what to send, with which credential, and how safe it is
 * to send again (retries follow `idempotency`).
 *
 * @example
 * const answer = await session.client.request({
 *   method: 'POST',
 *   url: '/api/v7/images/text-to-image',
 *   json: { prompt: 'a lighthouse' },
 *   credential: { name: 'generationKey', placement: 'bearer' },
 *   idempotency: 'keyed',
 *   operationId: 'v7_images_text_to_image',
 * });
 */
export interface HttpRequest {
  readonly method: HttpMethod;
  /** Absolute, or relative to the client's `baseUrl`. */
  readonly url: string | URL;
  /** Query parameters; undefined and null values are left out. */
  readonly query?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  /** A body to send as JSON. */
  readonly json?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** The credential the operation needs, and where it goes. */
  readonly credential?: CredentialRef;
  /**
   * The body carries a secret of its own (a password, a verification code): like a credential,
   * it goes to trusted origins only and never follows a redirect to another origin.
   * @default false
   */
  readonly sensitive?: boolean;
  /**
   * `safe`: reads and polls, repeated freely. `keyed`: writes and money, sent with one
   * `Idempotency-Key` reused by every retry. `unsafe`: repeated only when the service provably
   * did not act (generation submissions).
   */
  readonly idempotency: Idempotency;
  /** The `Idempotency-Key` of a `keyed` request; a fresh UUID per call when absent. */
  readonly idempotencyKey?: string;
  /** Overrides the client's per-attempt timeout. */
  readonly timeoutMs?: number;
  /** Overrides the client's deadline for this call. */
  readonly totalTimeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Names the operation in events, warnings and errors. */
  readonly operationId?: string;
  /**
   * `json`: a successful answer must be JSON (or empty), else `ResponseFormatError`. `text`:
   * the body is returned as text (documents such as auth.md).
   * @default 'json'
   */
  readonly responseType?: 'json' | 'text';
  /** The request submits a job that may queue: it waits for a place under the account's queue limit. */
  readonly submitsJob?: boolean;
  /**
   * `follow-up` when the request advances work the service already accepted (a job's status poll,
   * its result's fetch): while the rate limit holds requests back, it goes before new work.
   * @default 'normal'
   */
  readonly priority?: RequestPriority;
}

/**
 * The service's answer to an {@link HttpRequest}: its status, headers and parsed body, after any retries.
 *
 * @example
 * const answer = await client.request<{ data: unknown[] }>({
 *   method: 'GET',
 *   url: '/api/v7/models',
 *   idempotency: 'safe',
 * });
 * console.log(answer.status, answer.attempts, answer.requestId, answer.body.data.length);
 */
export interface HttpResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, or text, or undefined for an empty body. */
  readonly body: T;
  /** The final URL (after redirects), redacted. */
  readonly url: string;
  /** Attempts made, 1 when the first succeeded. */
  readonly attempts: number;
  readonly requestId?: string;
  /**
   * For a job submission answered `processing`: the place the job holds in the queue limit.
   * The job poller releases it when the job ends.
   * @internal
   */
  readonly jobSlot?: JobSlot;
}
