/**
 * The one error a shared rate-limit store throws when its backend fails (connection refused,
 * closed client, authentication, an unexpected reply). Its message is redacted: a backend's
 * errors can quote a connection URL, and those carry passwords.
 * @module
 */
import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../../errors/index.js';
import { REDACTED, Redactor } from '../redact.js';

const MARKER = errorMarker('RateLimitStoreError');

/** `redis://user:password@host` -> `redis://user:[REDACTED]@host`, for any scheme. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s/@]*@/gi;
const shapes = new Redactor();

/** `text` without connection-URL passwords or well-known secret shapes. */
export function redactStoreMessage(text: string): string {
  return shapes.redact(text.replace(URL_PASSWORD, `$1:${REDACTED}@`));
}

export interface RateLimitStoreErrorOptions {
  /** The backend, e.g. `redis`. */
  readonly store: string;
  /** What the store was doing. */
  readonly operation: 'read' | 'compare-and-set';
  readonly bucket: string;
  /** The backend's error; only its name, code and redacted message are kept. */
  readonly failure: unknown;
}

/**
 * A shared rate-limit store could not be read or written. Nothing was sent when `acquire`
 * throws it. The backend's own error is not kept as `cause` (it may hold the connection
 * options); its name, `code` and redacted message are.
 */
export class RateLimitStoreError extends GenerationToolkitError {
  declare readonly code: 'rate_limit_store_failed';
  readonly store: string;
  readonly operation: 'read' | 'compare-and-set';
  readonly bucket: string;
  /** The backend error's `code` (`ECONNREFUSED`) or name (`ClientClosedError`), when it had one. */
  readonly backendCode: string | undefined;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: RateLimitStoreErrorOptions) {
    const failure = describeFailure(options.failure);
    super({
      code: 'rate_limit_store_failed',
      message: `The ${options.store} rate-limit store could not ${options.operation === 'read' ? 'read' : 'update'} bucket ${redactStoreMessage(options.bucket)}: ${failure.message}`,
      // A backend that is down may come back; the caller decides how long to wait for it.
      retryable: true,
    });
    this.store = options.store;
    this.operation = options.operation;
    this.bucket = redactStoreMessage(options.bucket);
    this.backendCode = failure.code;
    markError(this, MARKER);
  }

  /** Whether `error` is a RateLimitStoreError, also from another copy of the package. */
  static override isInstance(error: unknown): error is RateLimitStoreError {
    return hasMarker(error, MARKER);
  }
}

/** A backend failure as a redacted message and its `code` (or error name), for a store error. */
export function describeFailure(failure: unknown): { message: string; code: string | undefined } {
  if (!(failure instanceof Error)) return { message: redactStoreMessage(String(failure)), code: undefined };
  const code = (failure as { code?: unknown }).code;
  const name = failure.name !== 'Error' ? failure.name : undefined;
  const message = redactStoreMessage(failure.message || name || 'unknown error');
  return {
    message: name && !message.startsWith(name) ? `${name}: ${message}` : message,
    code: typeof code === 'string' ? code : name,
  };
}
