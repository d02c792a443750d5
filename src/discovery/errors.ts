/**
 * Errors of discovery: a published document that cannot be used.
 * @module
 */

import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';

const DOCUMENT_ERROR_MARKER = errorMarker('DiscoveryDocumentError');

export interface DiscoveryDocumentErrorOptions {
  /** URL of the document that could not be used. */
  readonly document: string;
  /**
   * JSON Pointer (RFC 6901, as a `#/...` fragment) of the part that is wrong, when one part is to
   * blame: `#/openapi`, `#/paths`.
   */
  readonly at?: string;
  /** What was wrong and what to do about it; the document and `at` are appended. */
  readonly message: string;
  /** HTTP status of the answer, when the document was fetched and refused. */
  readonly status?: number;
  /**
   * Whether reading the document again may succeed: it could not be fetched, or the server failed.
   * @default true for a failed fetch and for HTTP 408, 429 and 5xx; false otherwise
   */
  readonly retryable?: boolean;
  readonly cause?: unknown;
}

const retryableStatus = (status: number | undefined) =>
  status !== undefined && (status === 408 || status === 429 || status >= 500);

/**
 * A discovery document that cannot be used at all: unreachable, not JSON, not the format it claims,
 * or over the size limits. Repairable faults inside a usable document are warnings instead.
 */
export class DiscoveryDocumentError extends GenerationToolkitError {
  declare readonly code: 'discovery_failed';
  /** URL of the document. */
  readonly document: string;
  /** JSON Pointer of the faulty part, when there is one. */
  readonly at: string | undefined;
  readonly status: number | undefined;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: DiscoveryDocumentErrorOptions) {
    const where = options.at ? `${options.document}, at ${options.at}` : options.document;
    super({
      code: 'discovery_failed',
      message: `${options.message} (${where})`,
      retryable: options.retryable ?? retryableStatus(options.status),
      cause: options.cause,
    });
    this.document = options.document;
    this.at = options.at;
    this.status = options.status;
    markError(this, DOCUMENT_ERROR_MARKER);
  }

  /** Whether `error` is a DiscoveryDocumentError, even one thrown by another copy of the package. */
  static override isInstance(error: unknown): error is DiscoveryDocumentError {
    return hasMarker(error, DOCUMENT_ERROR_MARKER);
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      document: this.document,
      ...(this.at !== undefined ? { at: this.at } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
    };
  }
}
