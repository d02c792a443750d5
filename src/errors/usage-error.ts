/**
 * The error of a function called in a way it does not support.
 * @module
 */
import { errorMarker, hasMarker, markError } from './error-marker.js';
import { GenerationToolkitError } from './generation-toolkit-error.js';

const MARKER = errorMarker('UsageError');

/**
 * A function of the toolkit was called in a way it does not support: `connect()` without
 * `baseUrl` or `service`, a relative URL for `discover()`, a call on a closed session. The message
 * says what to do instead. Nothing was sent.
 *
 * @example
 * await connect({}); // UsageError: connect() needs baseUrl or service.
 */
export class UsageError extends GenerationToolkitError {
  declare readonly code: 'invalid_usage';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super({ code: 'invalid_usage', message, cause: options.cause });
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is UsageError {
    return hasMarker(error, MARKER);
  }
}
