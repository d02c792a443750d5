/**
 * What the validator says about one field, and how problems become one paragraph for a model.
 * @module
 */

import { printable } from './printable-text.js';

/**
 * One thing wrong with the arguments of a tool call.
 * @inline
 */
export interface ArgumentProblem {
  /** The field at fault: `prompt`, `messages[0].role`, or `arguments` for the whole object. */
  readonly field: string;
  /** What the field should be: `an integer from 256 to 1536`. */
  readonly expected: string;
  /** What it was, briefly: `'wide'`, `nothing` when it is missing. */
  readonly received: string;
  /** The whole sentence: `width must be an integer from 256 to 1536, got 'wide'`. */
  readonly message: string;
}

/** Longest name segment quoted whole: a model's unknown names can be of any length. */
const MAX_SEGMENT_LENGTH = 64;

/** `messages[0].role` from `['messages', 0, 'role']`; `arguments` for the root. Names are made printable. */
export function fieldName(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'arguments';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const name = printable(segment, MAX_SEGMENT_LENGTH);
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

const MAX_PROBLEMS_IN_MESSAGE = 10;

/** One paragraph a model can act on, naming every field at fault. */
export function problemsMessage(problems: readonly ArgumentProblem[]): string {
  const shown = problems.slice(0, MAX_PROBLEMS_IN_MESSAGE).map((problem) => problem.message);
  const more = problems.length - shown.length;
  const list = `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  return `Invalid arguments, so nothing was sent: ${list}. Fix ${problems.length === 1 ? 'it' : 'them'} and call the tool again.`;
}
