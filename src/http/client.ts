/**
 * The one way out to the network. `HttpClient.request` places the credential (only ever on a
 * trusted origin), waits for the shared rate-limit governor, sends, retries what may be
 * retried, reads the versioning fields and returns the parsed answer or throws a typed error.
 * @module
 */

import { maskedTelemetry } from '../telemetry/masked-telemetry.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { VERSION } from '../version.js';
import { type AnswerResult, readAnswer } from './answer.js';
import { type AttemptServices, type Exchange, sendExchange } from './attempt.js';
import { markBuiltInTransport } from './built-in-transport.js';
import type { HttpClientOptions, HttpRequest, HttpResponse } from './client-options.js';
import { type Clock, systemClock } from './clock.js';
import { originsOf, resolveCredential } from './credentials.js';
import { createDefaultTransport } from './default-transport.js';
import { SunsetError, TimeoutError } from './errors/call-errors.js';
import { NotFoundError, RateLimitedError } from './errors/http-status-errors.js';
import { ServiceError, sameCallAs } from './errors/service-error.js';
import { governedTransport } from './governed-transport.js';
import { HTTP_CLIENT_OPTION_KEYS, rejectUnknownHttpOptions } from './http-option-keys.js';
import { httpTelemetry } from './http-telemetry.js';
import { type PrepareContext, prepareRequest, UrlResolver } from './prepare-request.js';
import { type HeldJobSlot, JobSlots } from './rate-limit/job-slots.js';
import { type Route, routeOf } from './rate-limit/route-key.js';
import { ThrottleDeadlineError } from './rate-limit/throttle-deadline-error.js';
import { concurrencyBookOf, RateLimitGovernor } from './rate-limit-governor.js';
import { Redactor } from './redact.js';
import { followRedirect } from './redirects.js';
import { ServiceResponse } from './response.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './response-size-limit.js';
import {
  provablyNotProcessed,
  type ResolvedRetryOptions,
  resolveRetryOptions,
  retryDelay,
  shouldRetry,
} from './retry.js';
import { createFetchTransport, type Transport } from './transport.js';
import { type ServiceWarning, VersionWatcher } from './versioning.js';

/**
 * A retried DELETE that meets a 404 after an attempt whose answer was lost: the lost attempt most
 * likely did the deletion. Still a NotFoundError (nothing is there), saying so, so that an agent
 * does not take its own success for a wrong id.
 */
function deletedUnseen(error: NotFoundError): NotFoundError {
  return new NotFoundError({
    ...sameCallAs(error),
    message: `${error.message}. An earlier attempt of this DELETE reached the service but its answer was lost: it most likely did the deletion, so the resource is gone`,
  });
}

/**
 * The HTTP core of one session: every request of the toolkit goes through `request()`.
 *
 * @example
 * const client = new HttpClient({ baseUrl, credentials: { generationKey: process.env.GEN_KEY } });
 * const response = await client.request({
 *   method: 'POST',
 *   url: '/api/v7/images/text-to-image',
 *   json: { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' },
 *   credential: { name: 'generationKey', placement: 'body-key' },
 *   idempotency: 'unsafe',
 *   submitsJob: true,
 * });
 * await client.close();
 */
export class HttpClient {
  readonly #urls: UrlResolver;
  readonly #trusted: Set<string>;
  readonly #prepareContext: PrepareContext;
  readonly #options: HttpClientOptions;
  readonly #retry: ResolvedRetryOptions;
  readonly #random: () => number;
  readonly #services: AttemptServices;
  readonly #close: () => Promise<void>;

  /** The governor every request of this client goes through; share it with other clients of one session. */
  readonly governor: RateLimitGovernor;
  /** @internal Masks secrets; every credential the client handles is registered with it. */
  readonly redactor: Redactor;
  /** The clock every wait of this client uses (the job poller waits on it too). */
  readonly clock: Clock;
  /** @internal Where spans and metrics go, masked by the redactor; undefined without telemetry. */
  readonly telemetry: Telemetry | undefined;
  /**
   * The client's transport (its own, a custom `transport`, or `fetch` wrapped) behind its
   * governor, for reads that are not calls of the service: discovery's published documents. It
   * places no credential, retries nothing and follows no redirect; the caller sets each read's
   * time and byte limits.
   */
  readonly documentTransport: Transport;

  constructor(options: HttpClientOptions) {
    rejectUnknownHttpOptions(options, HTTP_CLIENT_OPTION_KEYS, 'HttpClient options');
    this.#options = options;
    const baseUrl = new URL(options.baseUrl);
    this.#urls = new UrlResolver(baseUrl);
    this.#trusted = originsOf([baseUrl, ...(options.trustedOrigins ?? [])]);
    const credentials = options.credentials ?? {};
    this.#retry = resolveRetryOptions(options.retry);
    this.#random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
    this.redactor = options.redactor ?? new Redactor();
    for (const source of Object.values(credentials)) {
      if (typeof source === 'string') this.redactor.addSecret(source);
    }
    this.telemetry = options.telemetry
      ? maskedTelemetry(options.telemetry, (text) => this.redactor.redact(text))
      : undefined;
    const traced = this.telemetry ? httpTelemetry(this.telemetry, this.clock) : undefined;
    const userEmit = options.onEvent;
    const emit = traced
      ? (event: Parameters<typeof traced.onEvent>[0]) => {
          traced.onEvent(event);
          userEmit?.(event);
        }
      : userEmit;
    this.governor =
      options.governor ??
      new RateLimitGovernor({
        clock: this.clock,
        random: this.#random,
        ...(options.rateLimit?.store ? { store: options.rateLimit.store } : {}),
        ...(options.rateLimit?.burst !== undefined ? { burst: options.rateLimit.burst } : {}),
        ...(options.rateLimit?.jitterMs !== undefined ? { jitterMs: options.rateLimit.jitterMs } : {}),
        ...(options.rateLimit?.observeIntervalMs !== undefined
          ? { observeIntervalMs: options.rateLimit.observeIntervalMs }
          : {}),
        ...(options.rateLimit?.quotas ? { quotas: { [baseUrl.origin]: options.rateLimit.quotas } } : {}),
        ...(emit
          ? {
              onWait: (wait) => emit({ type: 'throttle-wait', ...wait, url: this.redactor.redact(wait.url) }),
            }
          : {}),
      });
    let transport = options.transport;
    let close = async () => {};
    if (!transport && options.fetch) transport = createFetchTransport(options.fetch);
    if (!transport) ({ transport, close } = createDefaultTransport());
    if (traced) transport = traced.transport(transport);
    this.#close = close;
    this.documentTransport = governedTransport({ transport, governor: this.governor, clock: this.clock });
    // Discovery may read other hosts through a pinned wire only when this one is the toolkit's own.
    if (!options.transport && !options.fetch) markBuiltInTransport(this.documentTransport);
    this.#prepareContext = {
      userAgent: `generation-agent-toolkit/${VERSION}${options.userAgentSuffix ? ` ${options.userAgentSuffix}` : ''}`,
      defaultHeaders: options.headers,
      trustedOrigins: this.#trusted,
      credentials,
      redactor: this.redactor,
    };
    this.#services = {
      clock: this.clock,
      transport,
      governor: this.governor,
      // Counted in the rate-limit store passed in, with every client sharing it (a fleet); under
      // the governor's own id when this client made it (one holder per process in the store).
      jobSlots: new JobSlots(
        this.clock,
        options.maxQueuedJobs,
        options.rateLimit?.store,
        options.governor ? undefined : concurrencyBookOf(this.governor),
      ),
      versions: new VersionWatcher(this.clock),
      redactor: this.redactor,
      allowSunset: options.allowSunset ?? false,
      emit,
      warn: (warning) => {
        const safe = this.redactor.redactValue(warning);
        options.onWarning?.(safe);
        emit?.({ type: 'warning', warning: safe });
      },
    };
  }

  /** Sends one logical call, with its retries; see {@link HttpRequest}. */
  async request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> {
    const url = this.#urls.resolve(request);
    const { method } = request;
    const safeUrl = () => this.redactor.redact(url.href);
    const route = routeOf(url);
    this.#refuseSunset(route, method, safeUrl);
    const { headers, body } = await prepareRequest(request, url, safeUrl, this.#prepareContext);
    const deadlineMs = request.totalTimeoutMs ?? this.#options.totalTimeoutMs ?? 120_000;
    const startedAt = this.clock.now();
    const deadline = startedAt + deadlineMs;
    const signal = request.signal;
    const ranOut = () =>
      new TimeoutError({
        method,
        url: safeUrl(),
        phase: 'total',
        timeoutMs: deadlineMs,
        message: `The call did not finish within ${deadlineMs} ms`,
      });
    let slot: HeldJobSlot | undefined;
    // Set once an attempt that failed may still have been carried out by the service.
    let actedUnseen = false;
    try {
      for (let attempt = 1; ; attempt += 1) {
        signal?.throwIfAborted();
        if (this.clock.now() >= deadline) throw ranOut();
        if (request.submitsJob && !slot)
          slot = await this.#placeInQueue(url, method, safeUrl, signal, deadline);
        const exchange: Exchange = {
          method,
          url,
          route,
          headers,
          body,
          idempotency: request.idempotency,
          operationId: request.operationId,
          responseType: request.responseType ?? 'json',
          timeoutMs: request.timeoutMs ?? this.#options.timeoutMs ?? 30_000,
          maxResponseBytes: this.#options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
          signal,
          deadline,
          startedAt,
          attempt,
          submitsJob: request.submitsJob === true,
          priority: request.priority,
          slotRevoked: slot?.revoked,
        };
        try {
          const result = await this.#attemptWithRedirects(
            exchange,
            request.credential !== undefined || request.sensitive === true,
          );
          // A queued job keeps its place under the queue limit; the poller gives it back.
          const jobSlot = isProcessing(result.body) ? slot : undefined;
          jobSlot?.markRunning();
          if (jobSlot) slot = undefined;
          return new ServiceResponse<T>({ ...result, body: result.body as T, attempts: attempt, jobSlot });
        } catch (error) {
          if (slot?.revoked.aborted && error === slot.revoked.reason) {
            // Nothing was sent: queue again under the limit learned meanwhile, without counting an attempt.
            slot.release();
            slot = undefined;
            attempt -= 1;
            continue;
          }
          if (RateLimitedError.isInstance(error) && error.queueLimit !== undefined) {
            // The queue was full: give the place back and wait for one under the limit just learned.
            slot?.release();
            slot = undefined;
          }
          if (actedUnseen && method === 'DELETE' && NotFoundError.isInstance(error))
            throw deletedUnseen(error);
          let delayMs = this.#retryDelay(error, request, attempt, deadline, safeUrl);
          if (delayMs === undefined) throw error;
          // A job limit now known holds the retry until a job ends: no need to wait longer.
          if (RateLimitedError.isInstance(error) && (error.queueLimit ?? 0) > 1) delayMs = 0;
          if (ServiceError.isInstance(error) && !provablyNotProcessed(error)) actedUnseen = true;
          await this.clock.sleep(delayMs, signal);
        }
      }
    } finally {
      slot?.release();
    }
  }

  /** How long to wait before retrying after `error`, or undefined when it must not be retried. */
  #retryDelay(
    error: unknown,
    request: HttpRequest,
    attempt: number,
    deadline: number,
    safeUrl: () => string,
  ): number | undefined {
    if (
      !ServiceError.isInstance(error) ||
      !shouldRetry(error, request.idempotency, attempt - 1, this.#retry)
    ) {
      return undefined;
    }
    const delayMs = retryDelay(error, attempt - 1, this.#retry, this.#random);
    if (this.clock.now() + delayMs > deadline) return undefined;
    this.#services.emit?.({
      type: 'retry',
      method: request.method,
      url: safeUrl(),
      attempt,
      code: error.code,
      delayMs,
      message: error.message,
      ...(error.httpStatus !== undefined ? { status: error.httpStatus } : {}),
      ...(request.operationId ? { operationId: request.operationId } : {}),
    });
    return delayMs;
  }

  /**
   * Reports a warning through the client's channel (`onWarning`, and `onEvent` as a `warning`
   * event), masked like every other: for the parts of a session that are not HTTP (its token store).
   */
  warn(warning: ServiceWarning): void {
    this.#services.warn(warning);
  }

  /**
   * A fingerprint of one of the client's named credentials (SHA-256 of the base URL's origin and
   * the secret, hex), read now: tells accounts apart in a shared store without holding the
   * secret. Undefined when the credential is not set.
   */
  async credentialFingerprint(name: string): Promise<string | undefined> {
    const secret = await resolveCredential({ name, placement: 'bearer' }, this.#prepareContext.credentials);
    if (secret === undefined) return undefined;
    const text = `generation-agent-toolkit credential\n${this.#urls.baseUrl.origin}\n${secret}`;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  /** Releases the connections of the built-in transport. */
  async close(): Promise<void> {
    await this.#close();
  }

  #refuseSunset(route: Route, method: string, safeUrl: () => string): void {
    const sunset = this.#options.allowSunset ? undefined : this.#services.versions.sunsetFor(route);
    if (!sunset) return;
    throw new SunsetError({
      method,
      url: safeUrl(),
      sunsetAt: sunset.sunsetAt,
      version: sunset.version,
      message: `The service's ${sunset.subject} passed its sunset on ${sunset.sunsetAt.toISOString()}; not calling it`,
    });
  }

  /** A place under the account's queue limit, or RateLimitedError when none frees up before the deadline. */
  async #placeInQueue(
    url: URL,
    method: string,
    safeUrl: () => string,
    signal: AbortSignal | undefined,
    deadline: number,
  ): Promise<HeldJobSlot> {
    try {
      return await this.#services.jobSlots.acquire(url.origin, { deadline, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (!(error instanceof ThrottleDeadlineError)) throw error;
      const queueLimit = this.#services.jobSlots.limitOf(url.origin);
      throw new RateLimitedError({
        method,
        url: safeUrl(),
        queueLimit,
        ...(error.waitMs > 0 ? { retryAfterMs: Math.ceil(error.waitMs) } : {}),
        message: `The account's job queue is full${queueLimit ? ` (${queueLimit} queued jobs)` : ''} and no place freed up before this call's deadline`,
      });
    }
  }

  async #attemptWithRedirects(first: Exchange, credentialed: boolean): Promise<AnswerResult> {
    let exchange = first;
    for (let hop = 0; ; hop += 1) {
      const sent = await sendExchange(this.#services, exchange);
      const next =
        hop < (this.#options.maxRedirects ?? 5)
          ? followRedirect(exchange, sent.response, credentialed, this.#trusted, this.redactor)
          : undefined;
      if (!next) return readAnswer(this.#services, exchange, sent);
      await sent.complete(sent.response.status);
      exchange = next;
    }
  }
}

function isProcessing(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'processing';
}
