import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../catalogue/types.js';

export interface ValidationProblem {
  /** The field at fault, as a dotted path (`messages.0.role`), or `(body)` for the whole body. */
  readonly field: string;
  readonly message: string;
}

const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return path.length ? path.join('.') : '(body)';
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${String(error.params.type).replace(',', ' or ')}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Checks `value` against `schema` (JSON Schema 2020-12, as OpenAPI 3.1 uses) and lists each
 * problem once, by field. Schemas are compiled once and cached.
 */
export function validate(schema: JsonSchema, value: unknown): ValidationProblem[] {
  let check = compiled.get(schema);
  if (!check) {
    check = ajv.compile(schema as object);
    compiled.set(schema, check);
  }
  let valid: boolean;
  try {
    valid = check(value);
  } catch {
    // A pattern over a huge string can exhaust the regular-expression stack: refuse, never crash.
    return [{ field: '(body)', message: 'holds a value too large or too complex to check' }];
  }
  if (valid) return [];
  const seen = new Set<string>();
  const problems: ValidationProblem[] = [];
  for (const error of check.errors ?? []) {
    if (error.keyword === 'if' || error.keyword === 'oneOf' || error.keyword === 'anyOf') continue;
    const field = fieldOf(error);
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, message: describe(error) });
  }
  return problems.length ? problems : [{ field: '(body)', message: 'does not match the schema' }];
}

/** "prompt is required; width must be integer". */
export function summarize(problems: readonly ValidationProblem[]): string {
  return problems.map((problem) => `${problem.field} ${problem.message}`).join('; ');
}
