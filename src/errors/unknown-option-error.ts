/**
 * The error of an options object with a key its function does not know.
 * @module
 */
import { errorMarker, hasMarker, markError } from './error-marker.js';
import { GenerationToolkitError } from './generation-toolkit-error.js';

const MARKER = errorMarker('UnknownOptionError');

export interface UnknownOptionErrorOptions {
  /** The key given. */
  readonly option: string;
  /** Which options object held it: `connect options.operations`. */
  readonly where: string;
  /** The known key the caller probably meant, when one is close. */
  readonly suggestion: string | undefined;
  /** Every key the object knows. */
  readonly knownOptions: readonly string[];
}

/**
 * An options object holds a key its function does not know: a misspelling, or an option of
 * another function. Without a type checker (JavaScript, notebooks) it would be ignored silently
 * and the default used instead; the toolkit refuses it, naming the closest known key.
 *
 * @example
 * await connect({ baseUrl, operations: { include: ['get_wallet_balance'] } });
 * // UnknownOptionError: connect options.operations has no option `include` (did you mean `ids`?). ...
 */
export class UnknownOptionError extends GenerationToolkitError {
  declare readonly code: 'unknown_option';
  readonly option: string;
  readonly where: string;
  readonly suggestion: string | undefined;
  readonly knownOptions: readonly string[];

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: UnknownOptionErrorOptions) {
    const guess = options.suggestion ? ` (did you mean \`${options.suggestion}\`?)` : '';
    super({
      code: 'unknown_option',
      message: `${options.where} has no option \`${options.option}\`${guess}. Its options: ${options.knownOptions.join(', ')}.`,
    });
    this.option = options.option;
    this.where = options.where;
    this.suggestion = options.suggestion;
    this.knownOptions = options.knownOptions;
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is UnknownOptionError {
    return hasMarker(error, MARKER);
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      option: this.option,
      where: this.where,
      ...(this.suggestion ? { suggestion: this.suggestion } : {}),
    };
  }
}
