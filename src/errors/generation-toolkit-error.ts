/**
 * The one base of every error the toolkit throws.
 * @module
 */
import type { GenerationToolkitErrorCode } from './error-codes.js';
import { errorMarker, hasMarker, markError } from './error-marker.js';

const MARKER = errorMarker('GenerationToolkitError');

export interface GenerationToolkitErrorOptions {
  readonly code: GenerationToolkitErrorCode;
  /** What went wrong and what to do about it; must hold no secret. */
  readonly message: string;
  /**
   * Whether the same call may succeed later, unchanged.
   * @default false
   */
  readonly retryable?: boolean;
  readonly cause?: unknown;
}

/**
 * The base of every error the toolkit throws: failed calls to the service ({@link ServiceError}),
 * bad input, unknown operations and options, discovery and registration failures. Switch on
 * `code`, which is stable; messages are for people and may change.
 *
 * @example
 * try {
 *   await session.call('v7_images_text_to_image', { prompt: 'a fox' });
 * } catch (error) {
 *   if (!GenerationToolkitError.isInstance(error)) throw error;
 *   if (error.retryable) scheduleRetry();
 *   else console.error(`${error.code}: ${error.message}`);
 * }
 */
export class GenerationToolkitError extends Error {
  readonly code: GenerationToolkitErrorCode;
  readonly retryable: boolean;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: GenerationToolkitErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.retryable = options.retryable ?? false;
    markError(this, MARKER);
  }

  /**
   * Whether `error` is an error of the toolkit, even one thrown by another copy of the package
   * (where `instanceof` says no).
   */
  static isInstance(error: unknown): error is GenerationToolkitError {
    return hasMarker(error, MARKER);
  }

  /** A plain object for logs and tool results: name, code, message, retryable. Never the cause, which may hold secrets. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message, retryable: this.retryable };
  }
}
