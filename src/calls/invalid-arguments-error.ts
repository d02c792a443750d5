import type { ArgumentProblem } from '../schema/index.js';

const MARKER = Symbol.for('generation-agent-toolkit.invalid-arguments-error');

/** Arguments that do not fit the operation's input schema: refused before anything was sent. */
export class InvalidArgumentsError extends Error {
  readonly code = 'invalid_arguments';
  readonly retryable = false;
  readonly [MARKER] = true;

  constructor(
    readonly operationId: string,
    readonly problems: readonly ArgumentProblem[],
    message: string,
  ) {
    super(message);
    this.name = 'InvalidArgumentsError';
  }

  static isInstance(error: unknown): error is InvalidArgumentsError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}
