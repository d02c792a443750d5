/**
 * Arguments that pass their schema yet cannot go on the wire where the operation puts them.
 * @module
 */
import type { Operation } from '../discovery/types.js';
import type { ArgumentProblem } from '../schema/argument-problem.js';
import { printable } from '../schema/printable-text.js';
import { wireText } from './wire-text.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `value` cannot be sent as one path segment, or undefined when it can: `.` and `..` are dot
 * segments, which every URL parser resolves (even percent-encoded), so `DELETE /api-keys/..`
 * would reach the parent resource; and text with a lone surrogate has no URL encoding at all.
 */
export function unaddressableSegment(value: string): string | undefined {
  if (value === '.' || value === '..') return `cannot be '${value}': that would address another resource`;
  if (LONE_SURROGATE.test(value)) return 'must be well-formed text: it holds half of a surrogate pair';
  return undefined;
}

/**
 * Why `value` cannot be sent as a header's value, or undefined when it can. A CR or LF would end
 * the field and start another (header injection), and fetch refuses any control character or
 * character past U+00FF only once the call is under way, where it looks like a network failure.
 */
export function unsendableHeaderValue(value: string): string | undefined {
  if (/[\r\n]/.test(value)) return 'cannot hold a line break (CR or LF): a header value is one line';
  if (/[^\t\x20-\x7e\x80-\xff]/.test(value))
    return 'must be printable Latin-1 text: a header value cannot hold control characters or characters past U+00FF';
  return undefined;
}

const EXPECTED = {
  path: 'one path segment: not . or .., and well-formed text',
  header: 'one line of printable Latin-1 text',
} as const;

function problem(
  name: string,
  wire: string,
  location: keyof typeof EXPECTED,
  reason: string,
): ArgumentProblem {
  const field = printable(name);
  return {
    field,
    expected: EXPECTED[location],
    received: printable(`'${wire}'`, 40),
    message: `${field} ${reason}`,
  };
}

/** Why `value` of the argument `name` cannot be one path segment, as an argument problem. */
export function unaddressableArgument(name: string, value: string): ArgumentProblem | undefined {
  const reason = unaddressableSegment(value);
  return reason ? problem(name, value, 'path', reason) : undefined;
}

/**
 * The arguments of `input` that cannot be put on the wire where the operation places them (a
 * path segment, a header value), as argument problems: refused before anything is sent.
 */
export function unsendableArguments(
  operation: Pick<Operation, 'input'>,
  input: Readonly<Record<string, unknown>>,
): ArgumentProblem[] {
  const problems: ArgumentProblem[] = [];
  for (const [name, value] of Object.entries(input)) {
    const location = operation.input.locations[name];
    if (value === undefined || (location !== 'path' && location !== 'header')) continue;
    if (location === 'path' && typeof value !== 'string') continue;
    const wire = wireText(value);
    const reason = location === 'path' ? unaddressableSegment(wire) : unsendableHeaderValue(wire);
    if (reason) problems.push(problem(name, wire, location, reason));
  }
  return problems;
}
