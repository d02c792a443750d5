/**
 * Validation of a model's arguments against an operation's canonical input schema, before any
 * request: an invalid call never reaches the network and comes back as words a model can act on.
 * @module
 */

import { closest, distance } from 'fastest-levenshtein';
import type { JsonSchema } from '../discovery/types.js';
import { type ArgumentProblem, fieldName, problemsMessage } from './argument-problem.js';
import { cleanSchema } from './clean-schema.js';
import { coerceArguments } from './coerce-arguments.js';
import { type ArgumentLimits, copyArguments } from './copy-arguments.js';
import { describeExpectation } from './describe-expectation.js';
import { interpretSchema, isSchemaFault, type SchemaCheck } from './interpreted-validator.js';

export type { SchemaCheck } from './interpreted-validator.js';

import { briefJson, isRecord, propertiesOf } from './schema-node.js';
import { problemsFromSchemaErrors } from './validation-problems.js';

export type { ArgumentProblem } from './argument-problem.js';

export interface ValidateArgumentsOptions extends ArgumentLimits {
  /**
   * @internal How a schema becomes a check; the interpreter by default. Tests pass Ajv's compiler
   * here to show that both give the same problems.
   */
  readonly compileSchema?: (schema: JsonSchema) => SchemaCheck;
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
  | {
      readonly ok: false;
      readonly problems: readonly ArgumentProblem[];
      readonly message: string;
      /**
       * The schema, not the arguments, is at fault: it cannot be checked (a reference to
       * nowhere). A model must not be told to fix its arguments: see {@link SchemaUnusableError}.
       */
      readonly schemaUnusable?: true;
    };

/** Validates arguments against one schema, compiled once. */
export type ArgumentValidator = (args: unknown) => ValidationResult;

const checks = new WeakMap<JsonSchema, SchemaCheck | Error>();

/**
 * `schema` made into a check, once per schema object; an Error when it cannot be.
 *
 * Interpreted (`@cfworker/json-schema`) on every runtime, not compiled to a function: workerd and
 * edge runtimes forbid `new Function`, and where it is allowed compiling costs more than it saves.
 * Measured on the 241 operations of the emulator and the fixtures: a first call (compile and
 * check) takes 6.0 ms per schema with Ajv and 1.1 ms interpreted, a later check 0.08 ms and
 * 0.12 ms, so compiling pays only after some 125 calls of one tool in one process, which a
 * function per request never makes (`test/tools/interpreted-validation.test.ts` shows the
 * problems are Ajv's, word for word).
 */
function compile(schema: JsonSchema, make: (schema: JsonSchema) => SchemaCheck): SchemaCheck | Error {
  let validate = checks.get(schema);
  if (!validate || make !== interpretSchema) {
    try {
      // Cleaning removes `$id` and `$schema` and annotations only: it validates exactly what the
      // canonical schema does.
      validate = make(cleanSchema(schema));
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error));
    }
    if (make === interpretSchema) checks.set(schema, validate);
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
 * 5. validates (JSON Schema 2020-12, formats checked) by interpreting the schema, which needs no
 *    code generation (workerd and edge runtimes forbid it).
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

  const make = options.compileSchema ?? interpretSchema;
  let validate: SchemaCheck | Error | undefined;

  return (args) => {
    validate ??= compile(schema, make);
    if (validate instanceof Error) return unusable(validate, args);
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
    } catch (error) {
      // An interpreter meets a schema it cannot use only when it runs (a reference to nowhere):
      // the schema is at fault, not the arguments.
      if (isSchemaFault(error)) return unusable(error, args);
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
    if (!valid) problems.push(...problemsFromSchemaErrors(validate.errors ?? []));
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

/** The refusal of a schema that cannot be checked: it names the schema, never the arguments. */
function unusable(error: unknown, args: unknown): ValidationResult {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const problem: ArgumentProblem = {
    field: 'arguments',
    expected: 'a usable input schema',
    received: briefJson(args),
    message: `this tool cannot be called: its input schema is unusable (${reason})`,
  };
  return { ok: false, problems: [problem], message: problemsMessage([problem]), schemaUnusable: true };
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
