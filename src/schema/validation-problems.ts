/**
 * A validator's errors, in Ajv's shape (the interpreter's are made so), turned into one problem per
 * field, each a sentence a model can act on.
 * @module
 */

import { type ArgumentProblem, fieldName } from './argument-problem.js';
import { describeExpectation } from './describe-expectation.js';
import { asSchemaNode, briefJson, isRecord, propertiesOf } from './schema-node.js';

/** One failed keyword, as Ajv reports it with `allErrors` and `verbose`. */
export interface SchemaError {
  readonly keyword: string;
  /** JSON Pointer of the value, `''` for the root. */
  readonly instancePath: string;
  /** `#/`-rooted JSON Pointer of the keyword in the schema. */
  readonly schemaPath: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
  readonly data?: unknown;
  readonly parentSchema?: unknown;
}

type ErrorObject = SchemaError;

// Which error explains a field best when Ajv reports several for it.
const KEYWORD_RANK: Readonly<Record<string, number>> = {
  required: 0,
  type: 1,
  oneOf: 2,
  anyOf: 2,
  enum: 3,
  const: 3,
};

/** Problems from a validator's errors (Ajv's shape, `allErrors` and `verbose`), one per field. */
export function problemsFromSchemaErrors(errors: readonly ErrorObject[]): ArgumentProblem[] {
  const combinators = errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf');
  const insideCombinator = (error: ErrorObject) =>
    combinators.some(
      (combinator) => combinator !== error && error.schemaPath.startsWith(`${combinator.schemaPath}/`),
    );
  const byField = new Map<string, { rank: number; problem: ArgumentProblem }>();
  for (const error of errors) {
    // `if` only says that `then` failed; the `then` error says why.
    if (insideCombinator(error) || error.keyword === 'if') continue;
    const problem =
      error.keyword === 'oneOf' || error.keyword === 'anyOf'
        ? combinatorProblem(
            error,
            errors.filter((branch) => branch.schemaPath.startsWith(`${error.schemaPath}/`)),
          )
        : fieldProblem(error);
    const rank = KEYWORD_RANK[error.keyword] ?? 4;
    const known = byField.get(problem.field);
    if (!known || rank < known.rank) byField.set(problem.field, { rank, problem });
  }
  return [...byField.values()].sort((left, right) => left.rank - right.rank).map(({ problem }) => problem);
}

function pathOf(error: ErrorObject): (string | number)[] {
  return error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function fieldProblem(error: ErrorObject): ArgumentProblem {
  const path = pathOf(error);
  const parent = asSchemaNode(error.parentSchema);
  switch (error.keyword) {
    case 'required': {
      const name = String(error.params.missingProperty);
      const field = fieldName([...path, name]);
      const property = propertiesOf(parent)[name];
      // Inside an alternative the property is often declared at the root only: say no more than the name.
      if (!property)
        return { field, expected: 'a value', received: 'nothing', message: `${field} is required` };
      const expected = describeExpectation(property);
      const description =
        typeof property.description === 'string' ? `: ${shorten(property.description)}` : '';
      return {
        field,
        expected,
        received: 'nothing',
        message: `${field} is required${description} (${expected})`,
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(error.params.additionalProperty ?? error.params.unevaluatedProperty);
      const field = fieldName([...path, name]);
      return {
        field,
        expected: 'no such field',
        received: briefJson(isRecord(error.data) ? error.data[name] : undefined),
        message: `${field} is not a field here`,
      };
    }
    case 'dependentRequired': {
      const field = fieldName(path.length > 0 ? path : [String(error.params.property)]);
      const missing = String(error.params.missingProperty);
      return {
        field,
        expected: `${missing} as well`,
        received: 'nothing',
        message: `${fieldName([...path, missing])} is required when ${String(error.params.property)} is given`,
      };
    }
    case 'not':
    case 'false schema': {
      const field = fieldName(path);
      return {
        field,
        expected: 'no value',
        received: briefJson(error.data),
        message: `${field} is not allowed here`,
      };
    }
    case 'uniqueItems': {
      const field = fieldName(path);
      return {
        field,
        expected: 'a list without repeated items',
        received: briefJson(error.data),
        message: `${field} must not repeat items (items ${String(error.params.j)} and ${String(error.params.i)} are equal)`,
      };
    }
    case 'multipleOf': {
      const field = fieldName(path);
      const expected = `a multiple of ${String(error.params.multipleOf)}`;
      return {
        field,
        expected,
        received: briefJson(error.data),
        message: `${field} must be ${expected}, got ${briefJson(error.data)}`,
      };
    }
    case 'type':
    case 'enum':
    case 'const':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'pattern':
    case 'format':
    case 'minItems':
    case 'maxItems': {
      const field = fieldName(path);
      const expected = describeExpectation(parent);
      const received = briefJson(error.data);
      return { field, expected, received, message: `${field} must be ${expected}, got ${received}` };
    }
    default: {
      const field = fieldName(path);
      const received = briefJson(error.data);
      return {
        field,
        expected: error.message ?? 'a different value',
        received,
        message: `${field} ${error.message ?? 'is invalid'}`,
      };
    }
  }
}

/**
 * A failed `oneOf` / `anyOf`: when every alternative failed on the value's own type, say what
 * types would do; otherwise list the forms with what each is missing.
 */
function combinatorProblem(error: ErrorObject, branchErrors: readonly ErrorObject[]): ArgumentProblem {
  const path = pathOf(error);
  const field = fieldName(path);
  const received = briefJson(error.data);
  const parent = asSchemaNode(error.parentSchema);
  const branches = (Array.isArray(parent[error.keyword]) ? parent[error.keyword] : []) as unknown[];
  if (error.keyword === 'oneOf' && Array.isArray(error.params.passingSchemas)) {
    return {
      field,
      expected: 'exactly one form',
      received,
      message: `${field} fits more than one form (${error.params.passingSchemas.map((index: number) => label(branches[index], index)).join(', ')}); give the fields of only one`,
    };
  }
  const shallow = branchErrors.every(
    (branch) =>
      branch.instancePath === error.instancePath && ['type', 'enum', 'const'].includes(branch.keyword),
  );
  if (shallow || branchErrors.length === 0) {
    const expected = branches.map((branch) => describeExpectation(branch)).join(' or ');
    return { field, expected, received, message: `${field} must be ${expected}, got ${received}` };
  }
  const forms = branches.map((branch, index) => {
    const reasons = branchErrors
      .filter((branchError) => branchError.schemaPath.startsWith(`${error.schemaPath}/${index}/`))
      .map((branchError) => fieldProblem(branchError).message);
    return `${label(branch, index)}${reasons.length > 0 ? ` (${[...new Set(reasons)].join(', ')})` : ''}`;
  });
  const which = error.keyword === 'oneOf' ? 'exactly one' : 'at least one';
  const subject = path.length === 0 ? 'the arguments' : field;
  return {
    field,
    expected: `${which} of ${branches.length} forms`,
    received,
    message: `${subject} must match ${which} of these forms: ${forms.join('; ')}`,
  };
}

function label(branch: unknown, index: number): string {
  const node = asSchemaNode(branch);
  return typeof node.title === 'string' ? node.title : `form ${index + 1}`;
}

function shorten(text: string, maxLength = 80): string {
  const trimmed = text.trim().replace(/\s+/g, ' ').replace(/\.$/, '');
  return trimmed.length <= maxLength ? trimmed : `${trimmed.slice(0, maxLength - 1)}…`;
}
