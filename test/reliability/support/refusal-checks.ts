/**
 * What makes a refusal readable by a model: the error envelope with `invalid_arguments`, a message
 * of bounded size that starts by saying nothing was sent, and one problem per field, each naming
 * its field. And what makes it honest: it names the field that was actually broken.
 * @module
 */
import type { ToolResult } from '../../../src/tools/index.js';

/** Longest refusal a model should have to read. */
export const MAX_REFUSAL_CHARS = 4_000;

// Control characters other than tab, newline and carriage return: invisible, and break terminals and logs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Why `result` is not a readable refusal; undefined when it is one. */
export function unreadableRefusal(result: ToolResult): string | undefined {
  if (result.ok || result.status !== 'error') return 'not a failure';
  if (result.code !== 'invalid_arguments') return `code ${result.code}`;
  if (result.retryable !== false) return 'a refusal of arguments must not be retryable';
  if (typeof result.hint !== 'string' || result.hint === '') return 'no hint';
  if (typeof result.message !== 'string' || result.message.length === 0) return 'no message';
  if (result.message.length > MAX_REFUSAL_CHARS) return `a message of ${result.message.length} characters`;
  if (CONTROL_CHARACTERS.test(result.message)) return 'control characters in the message';
  const problems = result.problems ?? [];
  if (problems.length === 0) return 'no problems listed';
  for (const problem of problems) {
    if (typeof problem.field !== 'string' || typeof problem.message !== 'string' || problem.message === '')
      return `a problem without field or message: ${JSON.stringify(problem).slice(0, 200)}`;
    if (problem.field !== '' && !problem.message.includes(problem.field))
      return `the problem of ${problem.field} does not name it: ${problem.message.slice(0, 200)}`;
  }
  return undefined;
}

/** Whether the refusal names `field` (or a field inside it). */
export function namesField(result: ToolResult, field: string): boolean {
  if (result.ok || result.status !== 'error') return false;
  return (result.problems ?? []).some(
    (problem) =>
      problem.field === field ||
      problem.field.startsWith(`${field}.`) ||
      problem.field.startsWith(`${field}[`),
  );
}
