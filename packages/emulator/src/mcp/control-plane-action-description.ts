import { pathParameters } from '../catalogue/request-schema.js';
import type { ControlPlaneOperation, JsonSchema } from '../catalogue/types.js';

/** Enumerations this short are worth spelling out; longer ones live in the OpenAPI document. */
const MAX_LISTED_VALUES = 6;

function typeOf(schema: JsonSchema): string {
  const values = schema.enum;
  if (Array.isArray(values) && values.length <= MAX_LISTED_VALUES) {
    return `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`;
  }
  if (typeof schema.type === 'string') return schema.type;
  if (typeof schema.$ref === 'string') return 'object';
  return 'value';
}

function fieldsOf(schema: JsonSchema | undefined, where: string): string[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(
    ([name, property]) =>
      `${name} (${[where, typeOf(property), required.has(name) ? 'required' : ''].filter(Boolean).join(', ')})`,
  );
}

/** Every name the action takes in `params`, with where it goes, its type and whether it is required. */
export function actionFields(operation: ControlPlaneOperation): string[] {
  const fields = [
    ...pathParameters(operation.path).map((name) => `${name} (path, string, required)`),
    ...fieldsOf(operation.query, 'query'),
    ...fieldsOf(operation.body, ''),
  ];
  if (operation.idempotent) fields.push('idempotency_key (sent as the Idempotency-Key header)');
  return fields;
}

/**
 * One line of a control-plane tool's description: the action, its method and path, the scope it
 * needs (or that it needs none) and the fields it takes.
 */
export function describeAction(operation: ControlPlaneOperation): string {
  const scope = operation.requiredScope
    ? `scope ${operation.requiredScope}`
    : operation.auth === 'none'
      ? 'no scope, no token'
      : 'no scope (any valid token)';
  const fields = actionFields(operation);
  const parts = [
    `- ${operation.operationId}: ${operation.method} ${operation.path}; ${scope}.`,
    `${operation.summary}.`,
    operation.effect === 'money' ? 'Moves money.' : '',
    fields.length > 0 ? `Params: ${fields.join(', ')}.` : 'No params.',
  ];
  return parts.filter(Boolean).join(' ');
}
