/**
 * The one base error of the toolkit's HTTP core. Every failure of a call to the service is a
 * {@link ServiceError} with a stable `code`; subclasses add what their failure needs.
 * @module
 */

/** Stable codes: tools and LLMs switch on these, never on messages. */
export type ServiceErrorCode =
  | 'authentication_failed'
  | 'insufficient_scope'
  | 'forbidden'
  | 'payment_required'
  | 'rate_limited'
  | 'validation_failed'
  | 'not_found'
  | 'conflict'
  | 'server_error'
  | 'network_error'
  | 'timeout'
  | 'response_format'
  | 'response_too_large'
  | 'unsafe_answer'
  | 'generation_failed'
  | 'untrusted_origin'
  | 'unexpected_redirect'
  | 'sunset'
  | 'http_error';

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
  readonly cause?: unknown;
}

export interface ServiceErrorOptions extends ServiceErrorContext {
  readonly code: ServiceErrorCode;
  /** A short description without method and URL; they are appended. */
  readonly message: string;
  /** Whether the same call may succeed later. */
  readonly retryable: boolean;
}

const BASE_MARKER = Symbol.for('generation-agent-toolkit.error.ServiceError');

/** Marks `error` so that `isInstance` works across duplicated copies of the package. */
export function markError(error: object, marker: symbol): void {
  Object.defineProperty(error, marker, { value: true, enumerable: false });
}

/** Whether `error` carries `marker`. */
export function hasMarker(error: unknown, marker: symbol): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
}

/** A failed call to the service. */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly retryable: boolean;
  readonly method: string;
  readonly url: string;
  readonly httpStatus: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly requestId: string | undefined;
  readonly serviceCode: string | undefined;
  readonly details: unknown;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: ServiceErrorOptions) {
    super(`${options.message} (${options.method} ${options.url})`, { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.retryable = options.retryable;
    this.method = options.method;
    this.url = options.url;
    this.httpStatus = options.httpStatus;
    this.retryAfterMs = options.retryAfterMs;
    this.requestId = options.requestId;
    this.serviceCode = options.serviceCode;
    this.details = options.details;
    markError(this, BASE_MARKER);
  }

  /** Whether `error` is a ServiceError, even from another copy of the package. */
  static isInstance(error: unknown): error is ServiceError {
    return hasMarker(error, BASE_MARKER);
  }

  /** A plain, secret-free object for logs and for tool results. */
  toJSON(): Record<string, unknown> {
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
    };
  }
}
