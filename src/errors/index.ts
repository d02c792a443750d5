/**
 * The lowest layer: the family of the toolkit's errors, and the options check that raises one of
 * them. Every other folder may import it; it imports nothing of the project.
 * @module
 */
export type { GenerationToolkitErrorCode, LibraryErrorCode, ServiceErrorCode } from './error-codes.js';
export { errorMarker, hasMarker, markError } from './error-marker.js';
export { GenerationToolkitError, type GenerationToolkitErrorOptions } from './generation-toolkit-error.js';
export { type OptionKeys, rejectUnknownOptions } from './reject-unknown-options.js';
export { UnknownOptionError, type UnknownOptionErrorOptions } from './unknown-option-error.js';
export { UsageError } from './usage-error.js';
