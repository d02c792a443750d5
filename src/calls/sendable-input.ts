/**
 * Input that may go on the wire: the one place that checks the arguments an operation puts in a
 * path segment or a header value. `buildRequest` and `callOperation` take only a
 * {@link SendableInput}, so a caller that goes around the session (the provider, a test) cannot
 * skip the check, and the session's call, which checks before anything else, is not checked again.
 * @module
 */

import type { Operation } from '../discovery/types.js';
import type { Redactor } from '../http/index.js';
import { type ArgumentProblem, problemsMessage } from '../schema/argument-problem.js';
import { InvalidArgumentsError } from './invalid-arguments-error.js';
import { unsendableArguments } from './unsendable-arguments.js';

declare const SENDABLE: unique symbol;

/** Arguments checked by {@link sendableInput}: each path segment and header value can be sent. */
export type SendableInput = Readonly<Record<string, unknown>> & { readonly [SENDABLE]: true };

/** The refusal of `problems`, their quotes masked by `redactor` when there is one. */
export function unsendableError(
  operationId: string,
  found: readonly ArgumentProblem[],
  redactor: Redactor | undefined,
): InvalidArgumentsError {
  const problems = redactor ? redactor.redactValue(found) : found;
  return new InvalidArgumentsError(operationId, problems, problemsMessage(problems));
}

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
  if (found.length > 0) throw unsendableError(operation.id, found, redactor);
  return input as SendableInput;
}
