/**
 * The error of an emulator options object with a key the emulator does not know.
 * @module
 */
import { markAsToolkitError } from './family-marker.js';

export interface UnknownOptionErrorOptions {
  /** The key given. */
  readonly option: string;
  /** Which options object held it: `startEmulator options.rateLimits`. */
  readonly where: string;
  /** The known key the caller probably meant, when one is close. */
  readonly suggestion: string | undefined;
  /** Every key the object knows. */
  readonly knownOptions: readonly string[];
}

/**
 * An options object of the emulator holds a key it does not know: a misspelling that would
 * otherwise leave the emulator running with its default. Its `code` is the toolkit's
 * `unknown_option`.
 *
 * @example
 * await startEmulator({ timescale: 0.1 });
 * // UnknownOptionError: startEmulator options has no option `timescale` (did you mean `timeScale`?). ...
 */
export class UnknownOptionError extends Error {
  readonly code = 'unknown_option';
  readonly retryable = false;
  readonly option: string;
  readonly where: string;
  readonly suggestion: string | undefined;
  readonly knownOptions: readonly string[];

  /** @internal Made by the emulator; callers read its fields. */
  constructor(options: UnknownOptionErrorOptions) {
    const guess = options.suggestion ? ` (did you mean \`${options.suggestion}\`?)` : '';
    super(
      `${options.where} has no option \`${options.option}\`${guess}. Its options: ${options.knownOptions.join(', ')}.`,
    );
    this.name = 'UnknownOptionError';
    this.option = options.option;
    this.where = options.where;
    this.suggestion = options.suggestion;
    this.knownOptions = options.knownOptions;
    markAsToolkitError(this, ['UnknownOptionError']);
  }

  /** A plain object for logs: name, code, message, the option and where it was given. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      option: this.option,
      where: this.where,
      ...(this.suggestion ? { suggestion: this.suggestion } : {}),
    };
  }
}
