/**
 * Input that may go on the wire: the one place that checks the arguments an operation puts in a
 * path segment or a header value. `buildRequest` and `callOperation` take only a
 * {@link SendableInput}, so a caller that goes around the session (the provider, a test) cannot
 * skip the check, and the session's call, which checks before anything else, is not checked again.
 * @module
 */

import type { Operation } from '../discovery/types.js';
import type { Redactor } from '../http/index.js';
import { problemsMessage } from '../schema/argument-problem.js';
import { InvalidArgumentsError } from './invalid-arguments-error.js';
import { unsendableArguments } from './unsendable-arguments.js';

declare const SENDABLE: unique symbol;

/** Arguments checked by {@link sendableInput}: each path segment and header value can be sent. */
export type SendableInput = Readonly<Record<string, unknown>> & { readonly [SENDABLE]: true };

/**
 * `input` as {@link SendableInput}, or {@link InvalidArgumentsError} before anything is sent when
 * an argument cannot go where the operation puts it (a dot segment in a path, a line break in a
 * header). With `redactor`, a refusal masks the secrets it knows: a model may have typed one.
 */
export function sendableInput(
  operation: Pick<Operation, 'id' | 'input'>,
  input: Readonly<Record<string, unknown>>,
  redactor?: Redactor,
): SendableInput {
  const found = unsendableArguments(operation, input);
  if (found.length > 0) {
    const problems = redactor ? redactor.redactValue(found) : found;
    throw new InvalidArgumentsError(operation.id, problems, problemsMessage(problems));
  }
  return input as SendableInput;
}
