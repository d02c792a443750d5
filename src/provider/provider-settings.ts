/**
 * The settings of {@link createGenerationProvider}: flat, each with its default and, where there
 * is one, its environment variable.
 * @module
 */

import type { FetchFunction } from '@ai-sdk/provider-utils';
import type { ServiceDescription } from '../discovery/index.js';
import type { OptionKeys } from '../errors/index.js';
import type { Clock, HttpEvent, ServiceWarning, Transport } from '../http/index.js';
import type { JobProgress } from '../jobs/index.js';

/** A generation API key, or a function that returns the current one (a secret store). */
export type GenerationApiKey = string | (() => string | undefined | Promise<string | undefined>);

/** Progress of a queued job, with the operation that queued it. */
export interface GenerationJobProgress extends JobProgress {
  readonly operationId: string;
}

/**
 * Settings of `createGenerationProvider`: where the service is, the key (read at each request), and
 * how jobs are polled. Every setting names its default and its environment variable.
 *
 * @example
 * const generation = createGenerationProvider({
 *   baseURL: 'https://api.example.com',
 *   apiKey: () => process.env.GENTK_API_KEY,
 *   headers: { 'x-team': 'research' },
 * });
 * const { image } = await generateImage({ model: generation.image('flux-dev'), prompt: 'a red kite' });
 */
export interface GenerationProviderSettings {
  /**
   * The service's base URL (where `/.well-known/api-catalog` and `/openapi.json` live). Read when
   * the first model call is made, not when the provider is built.
   * @default process.env.GENTK_BASE_URL
   */
  readonly baseURL?: string;
  /**
   * The generation API key. Read at every request and sent only to the service's own origin,
   * never placed in an error, a warning or an event.
   * @default process.env.GENTK_API_KEY
   */
  readonly apiKey?: GenerationApiKey;
  /**
   * Headers sent with every request to the service (not with result downloads).
   * @default {}
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A `fetch` for discovery, requests, streams and result downloads (a proxy, a test double).
   * @default globalThis.fetch for discovery, streams and downloads; the toolkit's undici transport for calls
   */
  readonly fetch?: FetchFunction;
  /**
   * A service description from `discover()`, to skip discovery (and to validate model ids when
   * the model is created rather than at its first call).
   * @default discovered once, at the first model call
   */
  readonly service?: ServiceDescription;
  /**
   * Milliseconds between polls of a queued job, when its answer gives no `eta` (an `eta` is
   * always honoured). Applies to image, speech and transcription calls; video calls are polled by
   * the SDK (`experimental_generateVideo({ poll })`).
   * @default the family's schedule: images 5 s, audio 3 s, backing off by 1.5
   */
  readonly pollIntervalMs?: number;
  /**
   * How long an image, speech or transcription call waits for its queued job, in milliseconds.
   * A job that outlives it fails the call with an `APICallError` naming the job, which keeps running.
   * @default 300000
   */
  readonly maxWaitMs?: number;
  /** Progress of every queued job: status, elapsed time, eta, polls made. @default undefined */
  readonly onJobProgress?: (progress: GenerationJobProgress) => void;
  /** Deprecation and sunset notices of the service, each once per provider. @default undefined */
  readonly onWarning?: (warning: ServiceWarning) => void;
  /** Requests, responses, retries and throttling waits, redacted. @default undefined */
  readonly onEvent?: (event: HttpEvent) => void;
  /**
   * Largest result file downloaded, in bytes, counted after decompression. A larger one fails
   * with a non-retryable `APICallError` whose `data.code` is `response_too_large`.
   * @default 104857600 (100 MiB)
   */
  readonly maxDownloadBytes?: number;
  /**
   * Further origins result files may be downloaded from (a CDN the service stores files on); no
   * credential is sent to them. Files on any other origin are refused, and so is a redirect out of
   * these origins or a host that resolves to a loopback, private or link-local address where the
   * service itself does not answer.
   * @default [] (the service's own origin only)
   * @example
   * createGenerationProvider({ downloadOrigins: ['https://cdn.example.com'] });
   */
  readonly downloadOrigins?: readonly string[];
  /**
   * Largest answer read from the service (calls, polls, a chat's event stream), in bytes,
   * counted after decompression.
   * @default 33554432 (32 MiB)
   */
  readonly maxResponseBytes?: number;
  /**
   * Test seams: the clock every wait uses, the wire under the HTTP core, and the time stamped
   * on responses.
   * @internal
   */
  readonly _internal?: {
    readonly clock?: Clock;
    readonly transport?: Transport;
    readonly currentDate?: () => Date;
    /** Name resolution of result downloads (addresses of a host name). */
    readonly resolveHost?: (hostname: string) => Promise<readonly string[]>;
  };
}

/** The keys of {@link GenerationProviderSettings}. */
export const PROVIDER_SETTING_KEYS: OptionKeys<GenerationProviderSettings> = {
  baseURL: ['baseUrl', 'url'],
  apiKey: ['key'],
  headers: true,
  fetch: true,
  service: true,
  pollIntervalMs: ['pollInterval', 'intervalMs'],
  maxWaitMs: ['timeoutMs', 'waitMs'],
  onJobProgress: ['onProgress'],
  onWarning: true,
  onEvent: true,
  maxDownloadBytes: true,
  maxResponseBytes: ['maxBytes'],
  downloadOrigins: ['trustedOrigins', 'allowedOrigins'],
  _internal: true,
};

/** The keys of the test seams in {@link GenerationProviderSettings}. */
export const PROVIDER_INTERNAL_SETTING_KEYS: OptionKeys<
  NonNullable<GenerationProviderSettings['_internal']>
> = {
  clock: true,
  transport: true,
  currentDate: true,
  resolveHost: true,
};
