/**
 * The error of a naming request that cannot be met.
 * @module
 */

import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';

const TOOL_NAME_ERROR_MARKER = errorMarker('ToolNameError');

/**
 * Thrown by `assignToolNames` when its options cannot be met (a prefix that leaves too little of
 * the length budget, a prefix with characters names cannot hold) or the operations repeat an id.
 */
export class ToolNameError extends GenerationToolkitError {
  declare readonly code: 'invalid_tool_naming';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(message: string) {
    super({ code: 'invalid_tool_naming', message });
    markError(this, TOOL_NAME_ERROR_MARKER);
  }

  /** Whether `error` is a ToolNameError, even one thrown by another copy of the package. */
  static override isInstance(error: unknown): error is ToolNameError {
    return hasMarker(error, TOOL_NAME_ERROR_MARKER);
  }
}
