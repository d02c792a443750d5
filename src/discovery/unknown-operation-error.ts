import { distance } from 'fastest-levenshtein';
import { GenerationToolkitError, hasMarker, markError } from '../errors/index.js';

// The marker's name predates the family's naming; kept so that older copies still recognise it.
const MARKER = Symbol.for('generation-agent-toolkit.unknown-operation-error');

/** The ids most like `wanted`, closest first: what the caller probably meant. */
export function closeMatches(wanted: string, candidates: readonly string[], limit = 5): string[] {
  const needle = wanted.toLowerCase();
  return [...candidates]
    .map((candidate) => {
      const lowered = candidate.toLowerCase();
      // A candidate that contains the text typed is closer than any edit distance says.
      const bonus = lowered.includes(needle) || needle.includes(lowered) ? -100 : 0;
      return { candidate, score: distance(needle, lowered) + bonus };
    })
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** An operation id that the service does not publish; the message lists the closest ones. */
export class UnknownOperationError extends GenerationToolkitError {
  declare readonly code: 'unknown_operation';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(
    readonly operationId: string,
    readonly suggestions: readonly string[],
  ) {
    super({
      code: 'unknown_operation',
      message: `The service has no operation "${operationId}".${suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''}`,
    });
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is UnknownOperationError {
    return hasMarker(error, MARKER);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operationId: this.operationId, suggestions: this.suggestions };
  }
}
