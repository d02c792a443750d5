/**
 * The SDK's own errors for the HTTP core's typed ones. An `APICallError` carries the service's
 * message (already redacted by the core), the status, the service's answer (redacted here) and
 * `isRetryable` from the typed error, so that the SDK's retry loop decides as the core would.
 * @module
 */
import { APICallError } from '@ai-sdk/provider';
import type { PendingCall } from '../calls/index.js';
import { NetworkError, ServiceError, TimeoutError } from '../http/index.js';
import type { WireCall } from './provider-wire.js';
import type { Connection } from './service-connection.js';

export interface ErrorContext {
  readonly connection: Connection;
  /** The wire call of the request, for the body of a failed answer. */
  readonly call?: WireCall;
  /** What was sent, without the key (the core adds it to a copy). */
  readonly requestBody: unknown;
  /** The request submitted paid work, which must not be sent twice when the service may have acted. */
  readonly submission: boolean;
}

/**
 * The SDK error for `error`: an `APICallError` for a failed call to the service, the error itself
 * for anything else (an abort, a programming error).
 */
export function toProviderError(error: unknown, context: ErrorContext): unknown {
  if (!ServiceError.isInstance(error)) return error;
  const { redactor } = context.connection.client;
  const failedBody = context.call?.failedBody();
  // A submission cut off after it left may have queued a job: a retry by the SDK would pay twice.
  const mayHaveActed =
    context.submission &&
    ((NetworkError.isInstance(error) && error.requestSent) || TimeoutError.isInstance(error));
  return new APICallError({
    message: error.message,
    url: error.url,
    requestBodyValues: redactor.redactValue(context.requestBody),
    ...(error.httpStatus !== undefined ? { statusCode: error.httpStatus } : {}),
    ...(failedBody !== undefined ? { responseBody: redactor.redact(failedBody) } : {}),
    isRetryable: error.retryable && !mayHaveActed,
    data: error.toJSON(),
    cause: error,
  });
}

/** The error for a job that outlived the provider's wait: it keeps running, so it is not retried. */
export function stillProcessingError(
  pending: PendingCall,
  waitedMs: number,
  requestBody: unknown,
): APICallError {
  return new APICallError({
    message:
      `The job ${String(pending.requestId)} of ${pending.operationId} is still processing after ${waitedMs} ms. ` +
      `It keeps running: fetch its result from ${pending.fetch.url}, or raise the provider's maxWaitMs.`,
    url: pending.fetch.url,
    requestBodyValues: requestBody,
    isRetryable: false,
    data: pending,
  });
}
