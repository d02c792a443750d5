/**
 * The error of a service that could not be reached at all, as opposed to one that answered with
 * documents that cannot be used.
 * @module
 */

import { errorMarker, hasMarker, markError } from '../errors/index.js';
import type { ConnectionFailure, ConnectionFailureKind } from '../http/connection-failure.js';
import { DiscoveryDocumentError } from './errors.js';

const UNREACHABLE_MARKER = errorMarker('ServiceUnreachableError');

/**
 * Nothing answered at the service's address: the connection was refused, the host name does not
 * resolve, or no answer came in time. A {@link DiscoveryDocumentError} too (no document could be
 * read), whose message says which address and why:
 * `Could not connect to http://127.0.0.1:9 (connection refused).`
 *
 * @example
 * try {
 *   await discover('http://127.0.0.1:9');
 * } catch (error) {
 *   if (ServiceUnreachableError.isInstance(error)) console.log(error.address, error.reason); // http://127.0.0.1:9 connection-refused
 * }
 */
export class ServiceUnreachableError extends DiscoveryDocumentError {
  /** The origin that could not be reached, e.g. `http://127.0.0.1:9`. */
  readonly address: string;
  /** Why: `connection-refused`, `timed-out`, `host-not-found`, ... */
  readonly reason: ConnectionFailureKind;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: {
    readonly document: string;
    readonly failure: ConnectionFailure;
    readonly cause?: unknown;
  }) {
    super({
      document: options.document,
      message: 'The service could not be reached.',
      // The same read may succeed once the service is up again.
      retryable: true,
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.name = 'ServiceUnreachableError';
    this.address = new URL(options.document).origin;
    this.reason = options.failure.kind;
    // The address is the news here; the catalogue's URL that DiscoveryDocumentError appends is not.
    this.message = `Could not connect to ${this.address} (${options.failure.description}).`;
    markError(this, UNREACHABLE_MARKER);
  }

  /** Whether `error` is a ServiceUnreachableError, even one thrown by another copy of the package. */
  static override isInstance(error: unknown): error is ServiceUnreachableError {
    return hasMarker(error, UNREACHABLE_MARKER);
  }
}
