import type { ControlPlaneOperation, JsonSchema } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { isRecord, readJsonBody } from '../http/body.js';
import { validate } from '../http/validate.js';
import { ApiError, invalidFields } from './api-error.js';

const NUMERIC = /^-?\d+(\.\d+)?$/;

function propertyType(schema: JsonSchema, name: string): unknown {
  const properties = schema.properties;
  if (!isRecord(properties)) return undefined;
  const property = properties[name];
  return isRecord(property) ? property.type : undefined;
}

function check(schema: JsonSchema, value: unknown): void {
  const problems = validate(schema, value);
  if (problems.length === 0) return;
  throw invalidFields(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
}

/**
 * The query string as the operation's schema expects it: numeric strings of integer and number
 * parameters become numbers (a query string has no types), then the schema is checked.
 */
export function readQuery(c: RequestContext, operation: ControlPlaneOperation): Record<string, unknown> {
  const raw = c.req.query();
  if (!operation.query) return raw;
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const type = propertyType(operation.query, name);
    const numeric = (type === 'integer' || type === 'number') && NUMERIC.test(value);
    query[name] = numeric ? Number(value) : value;
  }
  check(operation.query, query);
  return query;
}

/**
 * The JSON body checked against the operation's schema. Operations without a body schema ignore
 * whatever was sent, as the service does.
 */
export async function readBody(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: ControlPlaneOperation,
): Promise<Record<string, unknown>> {
  if (!operation.body) return {};
  const result = await readJsonBody(c, ctx.options.maxBodyBytes);
  if (!result.ok) {
    if (result.status === 413) throw new ApiError('payload_too_large', result.message);
    // A body of another media type is as unreadable as broken JSON: the error model has one code.
    throw new ApiError('invalid_json', result.message);
  }
  check(operation.body, result.value);
  return result.value as Record<string, unknown>;
}
