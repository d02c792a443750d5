/**
 * Errors of discovery: a published document that cannot be used.
 * @module
 */

const DOCUMENT_ERROR_MARKER = Symbol.for('generation-agent-toolkit.error.DiscoveryDocumentError');

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
  readonly cause?: unknown;
}

/**
 * A discovery document that cannot be used at all: unreachable, not JSON, not the format it claims,
 * or over the size limits. Repairable faults inside a usable document are warnings instead.
 */
export class DiscoveryDocumentError extends Error {
  /** URL of the document. */
  readonly document: string;
  /** JSON Pointer of the faulty part, when there is one. */
  readonly at: string | undefined;
  readonly status: number | undefined;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: DiscoveryDocumentErrorOptions) {
    const where = options.at ? `${options.document}, at ${options.at}` : options.document;
    super(
      `${options.message} (${where})`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'DiscoveryDocumentError';
    this.document = options.document;
    this.at = options.at;
    this.status = options.status;
    Object.defineProperty(this, DOCUMENT_ERROR_MARKER, { value: true, enumerable: false });
  }

  /** Whether `error` is a DiscoveryDocumentError, even one thrown by another copy of the package. */
  static isInstance(error: unknown): error is DiscoveryDocumentError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[DOCUMENT_ERROR_MARKER] === true
    );
  }
}
