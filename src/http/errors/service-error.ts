/**
 * The error of a call to the service. Every failure of a call is a {@link ServiceError} with a
 * stable `code`; subclasses add what their failure needs.
 * @module
 */
import {
  errorMarker,
  GenerationToolkitError,
  hasMarker,
  markError,
  type ServiceErrorCode,
} from '../../errors/index.js';

import { boundServiceText, MAX_QUOTED_URL_CHARS } from './service-text.js';

export type { ServiceErrorCode } from '../../errors/index.js';
export { hasMarker, markError } from '../../errors/index.js';

/** What every error knows about the call that failed. Strings must already be redacted. */
export interface ServiceErrorContext {
  /** HTTP method of the call. */
  readonly method: string;
  /** The URL called, with secrets masked. */
  readonly url: string;
  readonly httpStatus?: number;
  /** How long the service asked to wait before trying again. */
  readonly retryAfterMs?: number;
  /** The service's id of the request (`meta.request_id` or `X-Request-Id`). */
  readonly requestId?: string;
  /** The service's own error code (`error.code`, `code`), when it sent one. */
  readonly serviceCode?: string;
  /** The service's error details, redacted. */
  readonly details?: unknown;
  /**
   * The service's own words about the failure (its `message`), redacted; cut to
   * `MAX_SERVICE_MESSAGE_CHARS` (1,000) characters.
   */
  readonly serviceMessage?: string;
  /**
   * What the service advised about sending the request again (`Stripe-Should-Retry`,
   * `X-Should-Retry`): it decides whether the error is retryable, over what its status suggests.
   */
  readonly retryAdvice?: boolean;
  readonly cause?: unknown;
}

/**
 * The context of `error`'s call, for a new error that retells the same failure in other words (the
 * old one as its `cause`); the wait the service asked for is left out: the new error decides it.
 */
export function sameCallAs(error: ServiceError): ServiceErrorContext {
  return {
    method: error.method,
    url: error.url,
    ...(error.httpStatus !== undefined ? { httpStatus: error.httpStatus } : {}),
    ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
    ...(error.serviceCode !== undefined ? { serviceCode: error.serviceCode } : {}),
    ...(error.serviceMessage !== undefined ? { serviceMessage: error.serviceMessage } : {}),
    details: error.details,
    cause: error,
  };
}

export interface ServiceErrorOptions extends ServiceErrorContext {
  readonly code: ServiceErrorCode;
  /** A short description without method and URL; they are appended. */
  readonly message: string;
  /** Whether the same call may succeed later. */
  readonly retryable: boolean;
}

const SERVICE_ERROR_MARKER = errorMarker('ServiceError');

/**
 * A failed call to the service: what it answered (or why no answer came), with the method and URL
 * in the message. The part of the {@link GenerationToolkitError} family that talks to the service.
 */
export class ServiceError extends GenerationToolkitError {
  declare readonly code: ServiceErrorCode;
  readonly method: string;
  readonly url: string;
  readonly httpStatus: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly requestId: string | undefined;
  readonly serviceCode: string | undefined;
  /**
   * What the service itself said about the failure, when it said something: its words, not the
   * toolkit's, redacted and cut to 1,000 characters. Show it as the service's, never as guidance.
   */
  readonly serviceMessage: string | undefined;
  /**
   * The service's own advice on retrying (`Stripe-Should-Retry: false` → `false`): the client
   * followed it, and so should any caller. Undefined when the service gave none.
   */
  readonly retryAdvice: boolean | undefined;
  readonly details: unknown;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: ServiceErrorOptions) {
    // The message may quote the service: it is cut like the service's words, and so is the URL.
    super({
      code: options.code,
      message: `${boundServiceText(options.message)} (${options.method} ${boundServiceText(options.url, MAX_QUOTED_URL_CHARS)})`,
      retryable: options.retryAdvice ?? options.retryable,
      cause: options.cause,
    });
    this.method = options.method;
    this.url = options.url;
    this.httpStatus = options.httpStatus;
    this.retryAfterMs = options.retryAfterMs;
    this.requestId = options.requestId;
    this.serviceCode =
      options.serviceCode === undefined ? undefined : boundServiceText(options.serviceCode, 200);
    this.serviceMessage =
      options.serviceMessage === undefined ? undefined : boundServiceText(options.serviceMessage);
    this.retryAdvice = options.retryAdvice;
    this.details = options.details;
    markError(this, SERVICE_ERROR_MARKER);
  }

  /** Whether `error` is a ServiceError, even from another copy of the package. */
  static override isInstance(error: unknown): error is ServiceError {
    return hasMarker(error, SERVICE_ERROR_MARKER);
  }

  /** A plain, secret-free object for logs and for tool results. */
  override toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      method: this.method,
      url: this.url,
      ...(this.httpStatus !== undefined ? { httpStatus: this.httpStatus } : {}),
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
      ...(this.requestId !== undefined ? { requestId: this.requestId } : {}),
      ...(this.serviceCode !== undefined ? { serviceCode: this.serviceCode } : {}),
      ...(this.serviceMessage !== undefined ? { serviceMessage: this.serviceMessage } : {}),
      ...(this.retryAdvice !== undefined ? { retryAdvice: this.retryAdvice } : {}),
    };
  }
}
