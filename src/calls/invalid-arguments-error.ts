import { GenerationToolkitError, hasMarker, markError } from '../errors/index.js';
import type { ArgumentProblem } from '../schema/index.js';

// The marker's name predates the family's naming; kept so that older copies still recognise it.
const MARKER = Symbol.for('generation-agent-toolkit.invalid-arguments-error');

/** Arguments that do not fit the operation's input schema: refused before anything was sent. */
export class InvalidArgumentsError extends GenerationToolkitError {
  declare readonly code: 'invalid_arguments';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(
    readonly operationId: string,
    readonly problems: readonly ArgumentProblem[],
    message: string,
  ) {
    super({ code: 'invalid_arguments', message });
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is InvalidArgumentsError {
    return hasMarker(error, MARKER);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operationId: this.operationId, problems: this.problems };
  }
}
