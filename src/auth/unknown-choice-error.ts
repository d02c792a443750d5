/**
 * The error of an operation choice that names what the service does not have.
 * @module
 */
import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';

const MARKER = errorMarker('UnknownChoiceError');

/**
 * The parts of an operation choice whose values must name something the service has.
 * @inline
 */
export type ChoiceSelector = 'categories' | 'versions' | 'surfaces' | 'effects';

export interface UnknownChoiceErrorOptions {
  readonly selector: ChoiceSelector;
  /** The value given. */
  readonly value: string;
  /** Which options object held it: `connect options.operations`. */
  readonly where: string;
  /** Every value the service has for this selector, sorted. */
  readonly known: readonly string[];
  /** The known values most like the one given, closest first. */
  readonly suggestions: readonly string[];
}

/**
 * An operation choice names a category, version, surface or effect that no operation of the
 * service has: a misspelling (`imge`), or a service that changed. Refused rather than choosing
 * nothing for it silently. (An unknown operation id is an {@link UnknownOperationError}.)
 *
 * @example
 * await connect({ baseUrl, operations: { categories: ['imge'] } });
 * // UnknownChoiceError: connect options.operations.categories names "imge", which no operation of the service has. Did you mean "image"? ...
 */
export class UnknownChoiceError extends GenerationToolkitError {
  declare readonly code: 'unknown_choice';
  readonly selector: ChoiceSelector;
  readonly value: string;
  readonly known: readonly string[];
  readonly suggestions: readonly string[];

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: UnknownChoiceErrorOptions) {
    const guess = options.suggestions.length
      ? ` Did you mean ${options.suggestions.map((value) => `"${value}"`).join(', ')}?`
      : '';
    super({
      code: 'unknown_choice',
      message: `${options.where}.${options.selector} names "${options.value}", which no operation of the service has.${guess} The service has: ${options.known.join(', ') || 'none'}.`,
    });
    this.selector = options.selector;
    this.value = options.value;
    this.known = options.known;
    this.suggestions = options.suggestions;
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is UnknownChoiceError {
    return hasMarker(error, MARKER);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), selector: this.selector, value: this.value, suggestions: this.suggestions };
  }
}
