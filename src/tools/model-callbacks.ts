/**
 * Callbacks belong to the application: what a model sees of an operation has no callback field
 * (`webhook`, `track_id`, `callback_url`, whatever the documents mark), and a callback a model
 * gives anyway is dropped when the session's webhook receiver fills them in, and refused before
 * the wire otherwise, unless the application lets models set them (`modelCallbacks: true`).
 * @module
 */

import type { Session } from '../auth/session.js';
import { callbackFieldsOf } from '../calls/callback-fields.js';
import { InvalidArgumentsError } from '../calls/invalid-arguments-error.js';
import type { JsonSchema, Operation } from '../discovery/types.js';
import type { ArgumentProblem } from '../schema/argument-problem.js';
import { boundSchemaForModel } from './model-schema-limits.js';

/** `schema` without the properties `fields` (and without requiring them). */
function withoutProperties(schema: JsonSchema, fields: readonly string[]): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (!properties) return schema;
  const kept = Object.fromEntries(Object.entries(properties).filter(([name]) => !fields.includes(name)));
  const required = Array.isArray(schema.required)
    ? (schema.required as unknown[]).filter((name) => typeof name !== 'string' || !fields.includes(name))
    : undefined;
  return { ...schema, properties: kept, ...(required ? { required } : {}) };
}

/**
 * `operation` as a model sees it: its input schema without callback fields. Where each field is
 * sent (`input.locations`) is unchanged: the application's own values still go out.
 */
export function withoutCallbackFields(operation: Operation): Operation {
  const fields = callbackFieldsOf(operation);
  if (fields.length === 0) return operation;
  return {
    ...operation,
    input: { ...operation.input, schema: withoutProperties(operation.input.schema, fields) },
  };
}

/**
 * `operation` as a model is shown it: without callback fields (unless `keepCallbacks`), and with
 * the service's descriptions, titles, enums and examples bounded (`MODEL_SCHEMA_LIMITS`).
 */
export function operationForModel(operation: Operation, keepCallbacks: boolean): Operation {
  const viewed = keepCallbacks ? operation : withoutCallbackFields(operation);
  return { ...viewed, input: { ...viewed.input, schema: boundSchemaForModel(viewed.input.schema) } };
}

/**
 * The model's arguments as they may be sent: without the callback fields when the session has a
 * webhook receiver (its values are the only ones sent), unchanged when the application lets models
 * set callbacks or none was given.
 *
 * @throws {InvalidArgumentsError} when the model gave a callback and nothing lets it: the result
 * would otherwise be posted to an address the model chose.
 */
export function modelArguments(
  session: Session,
  operation: Operation,
  args: unknown,
  allowModelCallbacks: boolean,
): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const input = args as Record<string, unknown>;
  const given = callbackFieldsOf(operation).filter(
    (field) =>
      Object.hasOwn(input, field) &&
      input[field] !== undefined &&
      input[field] !== null &&
      input[field] !== '',
  );
  if (given.length === 0) return args;
  if (session.hasWebhookReceiver)
    return Object.fromEntries(Object.entries(input).filter(([name]) => !given.includes(name)));
  if (allowModelCallbacks) return args;
  const problems: ArgumentProblem[] = given.map((field) => ({
    field,
    expected: 'nothing: the application sets callbacks',
    received: 'a callback',
    message: `${field} is a callback address, which only the application may set`,
  }));
  // The other fields are checked too, so that one refusal names everything to fix.
  const rest = Object.fromEntries(Object.entries(input).filter(([name]) => !given.includes(name)));
  try {
    session.checkInput(operation.id, rest);
  } catch (error) {
    if (!InvalidArgumentsError.isInstance(error)) throw error;
    return refuse(operation.id, problems, error);
  }
  return refuse(operation.id, problems);
}

function refuse(operationId: string, problems: ArgumentProblem[], other?: InvalidArgumentsError): never {
  const fields = problems.map((problem) => problem.field).join(', ');
  const callbacks = `${fields} ${problems.length === 1 ? 'is a callback address' : 'are callback addresses'}: the result would be sent where they say, and only the application may choose that. Call again without ${problems.length === 1 ? 'it' : 'them'}: the tool waits for the result itself (and returns a handle to resume if it takes long). Nothing was sent.`;
  throw new InvalidArgumentsError(
    operationId,
    [...problems, ...(other?.problems ?? [])],
    other ? `${callbacks} Also: ${other.message}` : callbacks,
  );
}
