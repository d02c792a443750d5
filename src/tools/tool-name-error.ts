/**
 * The error of a naming request that cannot be met.
 * @module
 */

const TOOL_NAME_ERROR_MARKER = Symbol.for('generation-agent-toolkit.error.ToolNameError');

/**
 * Thrown by `assignToolNames` when its options cannot be met (a prefix that leaves too little of
 * the length budget, a prefix with characters names cannot hold) or the operations repeat an id.
 */
export class ToolNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolNameError';
    Object.defineProperty(this, TOOL_NAME_ERROR_MARKER, { value: true, enumerable: false });
  }

  /** Whether `error` is a ToolNameError, even one thrown by another copy of the package. */
  static isInstance(error: unknown): error is ToolNameError {
    return typeof error === 'object' && error !== null && TOOL_NAME_ERROR_MARKER in error;
  }
}
