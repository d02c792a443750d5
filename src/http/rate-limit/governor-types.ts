/**
 * The governor's options, and what it hands to and takes from its callers.
 * @module
 */
import type { Clock } from '../clock.js';
import type { RateLimitObservation } from '../headers/rate-limit.js';
import type { RateLimitStore } from './rate-limit-store.js';

/**
 * How the governor paces requests, where it keeps what it learns, and whom it tells of each wait.
 *
 * @example
 * // One governor for two sessions of one account, so that they share its quota.
 * const governor = new RateLimitGovernor({
 *   burst: 2,
 *   jitterMs: 50,
 *   onWait: (wait) => console.log(wait.reason, wait.waitMs),
 * });
 * const reader = await connect({ baseUrl, apiKey, http: { governor } });
 * const writer = await connect({ baseUrl, apiKey, http: { governor } });
 */
export interface RateLimitGovernorOptions {
  /** Time and waiting. @default systemClock */
  readonly clock?: Clock;
  /** Where quota state lives; share one between processes to share a quota. @default in memory */
  readonly store?: RateLimitStore;
  /**
   * Requests that may go back to back before pacing spreads the rest over the window (a bucket
   * that refills as it goes lets each unit go as it comes back).
   * @default 2
   */
  readonly burst?: number;
  /**
   * Largest random delay added to a wait for pacing or `Retry-After`, in milliseconds (never
   * more than a tenth of the wait), so that clients released by the same moment do not arrive
   * together. A wait for the quota itself ends exactly when the ledger frees a unit, unless
   * the store was passed in (it may be shared with other processes waiting for that moment).
   * @default 50
   */
  readonly jitterMs?: number;
  /** Random numbers in [0, 1) for jitter. @default Math.random */
  readonly random?: () => number;
  /** How long the store keeps an idle bucket. @default 3_600_000 (one hour) */
  readonly bucketTtlMs?: number;
  /**
   * How often the rate-limit fields of a comfortable quota are re-read, in milliseconds of the
   * clock (a tight or unknown quota is read on every answer).
   * @default 1000
   */
  readonly observeIntervalMs?: number;
  /** Called before each wait. */
  readonly onWait?: (wait: ThrottleWait) => void;
  /**
   * Longest a request of `normal` priority waits while `follow-up` requests that arrived after it
   * go first, in milliseconds: past it, it is served in arrival order again, so new work is never
   * held back for ever by polls that fill the quota.
   * @default 500
   */
  readonly overtakeLimitMs?: number;
  /**
   * The limits each origin documents, by origin (`https://api.example.com`): kept from the first
   * request and corrected by the answers, as `governor.publish()` does.
   * @default none
   */
  readonly quotas?: Readonly<Record<string, readonly PublishedQuota[]>>;
}

/**
 * Which of the requests waiting for one quota goes first. `follow-up`: the request advances work
 * the service already accepted (a job's status poll or result fetch); it goes before `normal`
 * requests (new submissions, everything else) that wait for the same quota, each class first
 * come, first served. A `normal` request waits behind follow-ups `overtakeLimitMs` at most.
 *
 * @example
 * await client.request({ method: 'GET', url: `/v1/jobs/${id}`, idempotency: 'safe', priority: 'follow-up' });
 */
export type RequestPriority = 'follow-up' | 'normal';

/**
 * A limit stated before any call: by the service (a documented policy, a rate-limit extension of
 * its OpenAPI document, its MCP `rate-limit-policy` resource) or by a developer who read its
 * documentation. The governor keeps to it from the first request, with no probe, as a prior: the
 * answers correct it. Rate-limit fields in the answers replace it; without fields, a refusal below
 * it lowers it (refusals then teach the rate as they do with nothing stated), and a limit that
 * holds requests back for long is tried a little above now and then, so that one stated too low
 * costs little throughput.
 *
 * Say it in the shape the documentation gives: a window (`limit` requests per `windowMs`), a
 * token bucket (`limit` deep, `refillPerSecond` back each second), a cap on requests in flight
 * (`maxInFlight`), or a bucket and a cap together.
 *
 * @example
 * // "A token bucket of 20 requests, refilled at 5 a second; at most 10 requests at once."
 * const session = await connect({
 *   baseUrl,
 *   apiKey,
 *   http: { rateLimit: { quotas: [{ limit: 20, refillPerSecond: 5, maxInFlight: 10 }] } },
 * });
 * // "60 requests a minute under /api/v7", for a governor shared by several clients.
 * await governor.publish('https://api.example.com', [
 *   { name: 'generation', limit: 60, windowMs: 60_000, pathPrefixes: ['/api/v7'] },
 * ]);
 */
export interface PublishedQuota {
  /** Requests allowed per window; with `refillPerSecond`, the bucket's depth (requests at once when full). */
  readonly limit?: number;
  /** The window's length, in milliseconds (a window of `limit` requests). */
  readonly windowMs?: number;
  /** Requests a token bucket gets back each second (a bucket `limit` deep, or 1 deep without `limit`). */
  readonly refillPerSecond?: number;
  /** Requests the service lets be in flight at once, for the whole origin (a concurrency or secondary limit). */
  readonly maxInFlight?: number;
  /** The policy's name, when it has one. */
  readonly name?: string;
  /** Paths it counts (`/api/v7`); every path of the origin when absent. */
  readonly pathPrefixes?: readonly string[];
}

/**
 * A wait the governor imposes before sending.
 *
 * @example
 * new RateLimitGovernor({
 *   onWait: ({ url, bucket, waitMs, reason }) => console.log(`${url}: ${waitMs} ms (${reason}, ${bucket})`),
 * });
 */
export interface ThrottleWait {
  readonly url: string;
  readonly bucket: string;
  readonly waitMs: number;
  /** What it waits for; `follow-up`: new work held for the polls due within moments of it. */
  readonly reason: 'retry-after' | 'quota' | 'pacing' | 'probe' | 'contention' | 'follow-up' | (string & {});
}

/** What happened to a request the governor let through. */
export interface PermitOutcome {
  /** Local time the answer arrived. */
  readonly receivedAt: number;
  /** False when no answer arrived (network failure, timeout). */
  readonly answered: boolean;
  /** HTTP status of the answer. */
  readonly status?: number;
  readonly observations: readonly RateLimitObservation[];
  /** The service asked to wait this long before the next request (`Retry-After` on 429 / 503). */
  readonly retryAfterMs?: number;
  /**
   * What the client made of the answer: a refusal for the rate, a refusal for requests in flight
   * (a secondary limit), or none (a full job queue is the job slots' business). When absent,
   * 429 and 503 are refusals for the rate.
   */
  readonly refusal?: 'rate' | 'in-flight' | 'none';
}

/** Permission to send one request; report its outcome exactly once. */
export interface RateLimitPermit {
  readonly buckets: readonly string[];
  /**
   * Whether the governor wants this answer's rate-limit fields (`observations`). While a quota
   * is comfortable they are read at most once per `observeIntervalMs`; refusals always are.
   */
  readonly wantsObservations: boolean;
  complete(outcome: PermitOutcome): Promise<void>;
}
