import { FIELDS, type FieldName, publishedName } from './fields.js';
import type { GenerationOperation, JsonSchema } from './types.js';

/** Names of the `{parameters}` in a path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

function field(name: string): JsonSchema {
  const schema = (FIELDS as Record<string, JsonSchema>)[name];
  if (!schema) throw new Error(`unknown field ${name}`);
  return schema;
}

function objectOf(
  required: readonly string[],
  optional: readonly string[],
  description?: string,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const name of [...required, ...optional]) properties[publishedName(name)] = field(name);
  return {
    type: 'object',
    ...(description ? { description } : {}),
    ...(required.length ? { required: required.map(publishedName) } : {}),
    properties,
  };
}

/**
 * The JSON body an operation takes, as published: its fields, plus `key` where the operation
 * accepts the key in the body. `undefined` for operations without a body (GET).
 */
export function generationBodySchema(operation: GenerationOperation): JsonSchema | undefined {
  if (operation.method === 'GET') return undefined;
  const optional: string[] = [...operation.optional];
  if (operation.keyPlacement !== 'bearer') optional.unshift('key' satisfies FieldName);
  return objectOf(operation.required, optional);
}

/** The query parameters of an operation, as an object schema (empty for POST operations). */
export function generationQuerySchema(operation: GenerationOperation): JsonSchema {
  return objectOf([], operation.query);
}

/**
 * Everything a caller supplies, in one object: path parameters, query parameters and body fields,
 * without the credential. This is what the MCP servers take as tool input.
 */
export function generationInputSchema(operation: GenerationOperation): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const name of pathParameters(operation.path)) {
    properties[name] = {
      type: 'string',
      minLength: 1,
      description: 'Identifier of the queued request, as returned by the call that queued it.',
    };
    required.push(name);
  }
  for (const name of [...operation.query, ...operation.required, ...operation.optional]) {
    properties[publishedName(name)] = field(name);
  }
  required.push(...operation.required.map(publishedName));
  return {
    type: 'object',
    ...(required.length ? { required } : {}),
    properties,
    additionalProperties: false,
  };
}
