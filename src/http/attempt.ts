/**
 * One hop of one attempt: wait for the governor, send, and hand the raw answer back with a
 * function that teaches the governor what it said. Failures without an answer become
 * NetworkError or TimeoutError here.
 * @module
 */
import { joinSignals } from '../runtime/abort-signals.js';
import type { Clock } from './clock.js';
import { NetworkError, TimeoutError } from './errors/call-errors.js';
import { RateLimitedError } from './errors/http-status-errors.js';
import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import type { HttpEvent } from './events.js';
import { parseRateLimitFields, type RateLimitObservation } from './headers/rate-limit.js';
import type { JobSlots } from './rate-limit/job-slots.js';
import type { Route } from './rate-limit/route-key.js';
import { ThrottleDeadlineError } from './rate-limit/throttle-deadline-error.js';
import type {
  PermitOutcome,
  RateLimitGovernor,
  RateLimitPermit,
  RequestPriority,
} from './rate-limit-governor.js';
import type { Redactor } from './redact.js';
import type { Idempotency } from './retry.js';
import {
  ResponseTooLargeFailure,
  type Transport,
  TransportFailure,
  type TransportResponse,
} from './transport.js';
import type { ServiceWarning, VersionWatcher } from './versioning.js';

/** What the client lends every attempt. */
export interface AttemptServices {
  readonly clock: Clock;
  readonly transport: Transport;
  readonly governor: RateLimitGovernor;
  readonly jobSlots: JobSlots;
  readonly versions: VersionWatcher;
  readonly redactor: Redactor;
  readonly allowSunset: boolean;
  readonly emit: ((event: HttpEvent) => void) | undefined;
  readonly warn: (warning: ServiceWarning) => void;
}

/** One hop of one attempt. */
export interface Exchange {
  readonly method: string;
  readonly url: URL;
  readonly route: Route;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly idempotency: Idempotency;
  readonly operationId: string | undefined;
  readonly responseType: 'json' | 'text';
  /** The per-attempt timeout (wall time). */
  readonly timeoutMs: number;
  /** Largest answer read, in bytes. */
  readonly maxResponseBytes: number;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** The call's deadline on the clock; waits never pass it. */
  readonly deadline: number;
  /** When the call started, on the clock. */
  readonly startedAt: number;
  readonly attempt: number;
  /** The request submits a job that may queue (its refusal may be the account's job limit). */
  readonly submitsJob: boolean;
  /** Where the request stands in the governor's queue (follow-ups of accepted work first). */
  readonly priority?: RequestPriority | undefined;
  /** Aborts the wait for the rate limit (never the request on the wire) when the job slot is revoked. */
  readonly slotRevoked?: AbortSignal | undefined;
}

/** A raw answer, and the report the governor is owed about it. */
export interface SentExchange {
  readonly response: TransportResponse;
  readonly startedAt: number;
  readonly receivedAt: number;
  /** The rate-limit fields read from the answer (empty when the governor did not want them). */
  readonly observations: readonly RateLimitObservation[];
  complete(status: number, retryAfterMs?: number, refusal?: PermitOutcome['refusal']): Promise<void>;
}

async function acquire(services: AttemptServices, exchange: Exchange): Promise<RateLimitPermit> {
  const { signal, slotRevoked } = exchange;
  const joined = slotRevoked && signal ? joinSignals([signal, slotRevoked]) : undefined;
  try {
    return await services.governor.acquire(exchange.url, {
      signal: joined?.signal ?? slotRevoked ?? signal,
      deadline: exchange.deadline,
      ...(exchange.priority ? { priority: exchange.priority } : {}),
    });
  } catch (error) {
    if (!(error instanceof ThrottleDeadlineError)) throw error;
    throw new RateLimitedError({
      method: exchange.method,
      url: services.redactor.redact(exchange.url.href),
      retryAfterMs: Math.ceil(error.waitMs),
      message: `The rate limit allows no request before this call's deadline (${error.reason}); try again in ${Math.ceil(error.waitMs / 1000)} s`,
    });
  } finally {
    joined?.release();
  }
}

function tooLarge(exchange: Exchange, url: string, failure: ResponseTooLargeFailure): ResponseTooLargeError {
  return new ResponseTooLargeError({
    method: exchange.method,
    url,
    httpStatus: failure.status,
    limitBytes: failure.limitBytes,
    declaredBytes: failure.declaredBytes,
    cause: failure,
    message: `The answer is larger than the ${failure.limitBytes} bytes the client reads (maxResponseBytes)${
      failure.declaredBytes !== undefined ? `: it announces ${failure.declaredBytes}` : ''
    }; reading stopped there`,
  });
}

/**
 * Sends one hop; throws RateLimitedError (nothing sent), NetworkError, TimeoutError or
 * ResponseTooLargeError.
 */
export async function sendExchange(services: AttemptServices, exchange: Exchange): Promise<SentExchange> {
  const { clock, redactor } = services;
  const permit = await acquire(services, exchange);
  const operation = exchange.operationId ? { operationId: exchange.operationId } : {};
  services.emit?.({
    type: 'request',
    method: exchange.method,
    url: redactor.redact(exchange.url.href),
    attempt: exchange.attempt,
    ...operation,
  });
  const startedAt = clock.now();
  // The attempt ends at its own timeout or at the call's deadline, whichever comes first.
  const timeoutMs = Math.max(1, Math.min(exchange.timeoutMs, exchange.deadline - startedAt));
  try {
    const response = await services.transport({
      method: exchange.method,
      url: exchange.url,
      headers: exchange.headers,
      timeoutMs,
      maxResponseBytes: exchange.maxResponseBytes,
      ...(exchange.body !== undefined ? { body: exchange.body } : {}),
      ...(exchange.signal ? { signal: exchange.signal } : {}),
    });
    // A transport of the caller's own may not honour the limit. A string has no more UTF-16 units
    // than its UTF-8 bytes, so its length over the limit means the body was.
    if (response.body.length > exchange.maxResponseBytes) {
      throw new ResponseTooLargeFailure(exchange.maxResponseBytes, response.status);
    }
    const receivedAt = clock.now();
    const observations =
      permit.wantsObservations || response.status >= 400
        ? parseRateLimitFields(response.headers, { receivedAt })
        : [];
    return {
      response,
      startedAt,
      receivedAt,
      observations,
      complete: (status, retryAfterMs, refusal) =>
        permit.complete({
          answered: true,
          status,
          observations,
          receivedAt,
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
          ...(refusal !== undefined ? { refusal } : {}),
        }),
    };
  } catch (error) {
    const failedAt = clock.now();
    if (ResponseTooLargeFailure.isInstance(error)) {
      await permit.complete({ answered: true, status: error.status, observations: [], receivedAt: failedAt });
      throw tooLarge(exchange, redactor.redact(exchange.url.href), error);
    }
    await permit.complete({ answered: false, observations: [], receivedAt: failedAt });
    if (exchange.signal?.aborted) throw exchange.signal.reason;
    const context = { method: exchange.method, url: redactor.redact(exchange.url.href), cause: error };
    if (error instanceof TransportFailure && error.timedOut) {
      const total = failedAt >= exchange.deadline || timeoutMs < exchange.timeoutMs;
      throw new TimeoutError({
        ...context,
        phase: total ? 'total' : 'attempt',
        timeoutMs: total ? exchange.deadline - exchange.startedAt : exchange.timeoutMs,
        message: total ? 'The call ran out of time' : `No answer within ${exchange.timeoutMs} ms`,
      });
    }
    if (error instanceof TransportFailure) {
      throw new NetworkError({
        ...context,
        requestSent: error.requestSent,
        message: redactor.redact(`The connection failed: ${error.message}`),
      });
    }
    throw error;
  }
}
