/**
 * Validation of a model's arguments against an operation's canonical input schema, before any
 * request: an invalid call never reaches the network and comes back as words a model can act on.
 * @module
 */

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { closest, distance } from 'fastest-levenshtein';
import type { JsonSchema } from '../discovery/types.js';
import { type ArgumentProblem, fieldName, problemsMessage } from './argument-problem.js';
import { cleanSchema } from './clean-schema.js';
import { coerceArguments } from './coerce-arguments.js';
import { type ArgumentLimits, copyArguments } from './copy-arguments.js';
import { describeExpectation } from './describe-expectation.js';
import { briefJson, isRecord, propertiesOf } from './schema-node.js';
import { problemsFromAjv } from './validation-problems.js';

export type { ArgumentProblem } from './argument-problem.js';

export interface ValidateArgumentsOptions extends ArgumentLimits {
  /**
   * What to do with a top-level argument the schema does not name. Every top-level property has a
   * place on the wire (path, query, header or body); an unknown one has none, and is usually a
   * misspelt field the model believes it set. `refuse` says so (with the closest known name);
   * `drop` leaves it out silently. A schema that allows extra properties at its root is followed
   * either way.
   * @default 'refuse'
   */
  readonly unknownArguments?: 'refuse' | 'drop';
}

export type ValidationResult =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly problems: readonly ArgumentProblem[]; readonly message: string };

/** Validates arguments against one schema, compiled once. */
export type ArgumentValidator = (args: unknown) => ValidationResult;

// Unoptimised code compiles in half the time and validates a model's few arguments just as fast;
// a session compiles one schema per tool it offers.
const ajv = new Ajv2020({
  allErrors: true,
  strict: false,
  verbose: true,
  logger: false,
  validateFormats: true,
  code: { optimize: false },
});
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);

const compiled = new WeakMap<JsonSchema, ValidateFunction | Error>();

/** `schema` compiled by the shared Ajv, once per schema object; an Error when it cannot be. */
function compile(schema: JsonSchema): ValidateFunction | Error {
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      // Cleaning removes `$id` and `$schema` (which Ajv would register or resolve) and annotations
      // only: it validates exactly what the canonical schema does.
      validate = ajv.compile(cleanSchema(schema));
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * A validator for `schema` (an operation's canonical input schema). Compiles once, on the first
 * call (a session offering 200 tools pays only for the ones the model uses); never throws, neither
 * here nor when called: a schema that cannot compile gives a validator that refuses every call and
 * says why.
 *
 * The validator:
 * 1. reads `undefined` or `null` as no arguments, and a string as JSON text;
 * 2. copies the arguments as plain JSON: `undefined` dropped, `__proto__` / `constructor` /
 *    `prototype` refused, hostile sizes refused (see {@link ArgumentLimits});
 * 3. refuses (or drops) unknown top-level arguments, see `unknownArguments`;
 * 4. converts what the service expects differently: numbers to strings where the schema says
 *    string (v6's `"512"`), booleans to `yes` / `no` where the enum says so, numeric strings to
 *    numbers, a lone value to a list;
 * 5. validates with Ajv (JSON Schema 2020-12, formats checked).
 *
 * @example
 * const validate = createArgumentValidator(operation.input.schema);
 * const result = validate({ prompt: 'a red bicycle', width: '512' });
 * if (!result.ok) return { ok: false, code: 'invalid_arguments', message: result.message };
 * send(result.value); // { prompt: 'a red bicycle', width: 512 }
 */
export function createArgumentValidator(
  schema: JsonSchema,
  options: ValidateArgumentsOptions = {},
): ArgumentValidator {
  const properties = propertiesOf(schema);
  const knownNames = Object.keys(properties);
  const rootAllowsMore =
    schema.additionalProperties === true ||
    isRecord(schema.additionalProperties) ||
    isRecord(schema.patternProperties) ||
    (schema.additionalProperties === undefined && knownNames.length === 0 && !('properties' in schema));
  const unknownArguments = options.unknownArguments ?? 'refuse';

  return (args) => {
    const validate = compile(schema);
    if (validate instanceof Error) {
      const problem: ArgumentProblem = {
        field: 'arguments',
        expected: 'a usable input schema',
        received: briefJson(args),
        message: `this tool cannot be called: its input schema is unusable (${validate.message})`,
      };
      return { ok: false, problems: [problem], message: problemsMessage([problem]) };
    }
    const problems: ArgumentProblem[] = [];
    const copy = copyArguments(readArguments(args), options);
    for (const problem of copy.problems) {
      const field = fieldName(problem.path);
      problems.push({
        field,
        expected: problem.expected,
        received: problem.received,
        message: `${field} ${problem.reason}`,
      });
    }
    let value = copy.value;
    if (!isRecord(value)) {
      if (value !== undefined) {
        const received = briefJson(value);
        problems.push({
          field: 'arguments',
          expected: 'an object of named arguments',
          received,
          message: `the arguments must be an object of named arguments, got ${received}`,
        });
      }
      return failed(problems);
    }
    if (!rootAllowsMore) {
      const kept: Record<string, unknown> = {};
      for (const [name, entry] of Object.entries(value)) {
        if (Object.hasOwn(properties, name))
          Object.defineProperty(kept, name, {
            value: entry,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else if (unknownArguments === 'refuse')
          problems.push(unknownArgumentProblem(name, entry, knownNames));
      }
      value = kept;
    }
    const coerced = coerceArguments(value, schema) as Record<string, unknown>;
    let valid: boolean;
    try {
      valid = validate(coerced);
    } catch {
      // A pattern run over a huge string can exhaust the regular-expression engine's stack:
      // such a value is refused, never allowed to crash the caller.
      problems.push({
        field: 'arguments',
        expected: 'values small enough to check',
        received: 'a value too large or too complex to check',
        message:
          'the arguments hold a value too large or too complex to check against the schema; send a shorter value (a URL instead of inline data, for instance)',
      });
      return failed(problems);
    }
    if (!valid) problems.push(...problemsFromAjv(validate.errors ?? []));
    if (problems.length > 0) return failed(problems);
    return { ok: true, value: coerced };
  };
}

/** {@link createArgumentValidator} for a single call; the compiled schema is cached all the same. */
export function validateArguments(
  schema: JsonSchema,
  args: unknown,
  options: ValidateArgumentsOptions = {},
): ValidationResult {
  return createArgumentValidator(schema, options)(args);
}

/** No arguments as `{}`, JSON text as what it says; anything else as it is. */
function readArguments(args: unknown): unknown {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'string') return args;
  const text = args.trim();
  if (!text.startsWith('{')) return args;
  try {
    return JSON.parse(text);
  } catch {
    return args;
  }
}

function unknownArgumentProblem(
  name: string,
  value: unknown,
  knownNames: readonly string[],
): ArgumentProblem {
  const field = fieldName([name]);
  const suggestion = knownNames.length > 0 ? closest(name, [...knownNames]) : undefined;
  const near =
    suggestion !== undefined && distance(name, suggestion) <= Math.max(2, Math.floor(name.length / 3));
  const hint = near
    ? `; did you mean ${suggestion}?`
    : knownNames.length === 0
      ? '; this tool takes no arguments'
      : knownNames.length <= 12
        ? `; the fields are ${knownNames.join(', ')}`
        : '';
  return {
    field,
    expected: 'no such field',
    received: briefJson(value),
    message: `${field} is not a field of this tool${hint}`,
  };
}

function failed(problems: ArgumentProblem[]): ValidationResult {
  const unique = problems.filter(
    (problem, index) => problems.findIndex((other) => other.field === problem.field) === index,
  );
  if (unique.length === 0) {
    const problem: ArgumentProblem = {
      field: 'arguments',
      expected: describeExpectation({ type: 'object' }),
      received: 'nothing usable',
      message: 'the arguments could not be read',
    };
    unique.push(problem);
  }
  return { ok: false, problems: unique, message: problemsMessage(unique) };
}
