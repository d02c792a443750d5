import type { JsonSchema } from '../../../src/discovery/types.js';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** One operation of a document as a naive converter reads it. */
export interface RawOperation {
  readonly method: string;
  /** The path as the document lists it, without the server's prefix. */
  readonly path: string;
  readonly operationId?: string;
  readonly inputSchema: JsonSchema;
}

/**
 * What a naive OpenAPI-to-tools converter sends as each operation's parameters: every parameter
 * and the JSON body's fields, `$ref`s inlined, everything else kept (examples, extensions,
 * credentials).
 */
export function rawOperations(document: unknown): RawOperation[] {
  const root = document as Json;
  const found: RawOperation[] = [];
  for (const [path, item] of Object.entries((root.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const properties: Json = {};
      const required: string[] = [];
      const parameters = [
        ...((item.parameters ?? []) as unknown[]),
        ...((operation.parameters ?? []) as unknown[]),
      ];
      for (const raw of parameters) {
        const parameter = inline(root, raw) as Json;
        if (typeof parameter.name !== 'string') continue;
        properties[parameter.name] = { ...(parameter.schema as Json), description: parameter.description };
        if (parameter.required === true) required.push(parameter.name);
      }
      const requestBody = inline(root, operation.requestBody) as Json | undefined;
      const content = (requestBody?.content ?? {}) as Record<string, Json>;
      const body = inline(root, Object.values(content)[0]?.schema) as Json | undefined;
      if (body && typeof body.properties === 'object') {
        Object.assign(properties, body.properties);
        if (Array.isArray(body.required)) required.push(...(body.required as string[]));
      } else if (body) properties.body = body;
      found.push({
        method: method.toUpperCase(),
        path,
        ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
        inputSchema: { type: 'object', properties, required },
      });
    }
  }
  return found;
}

/**
 * The raw input schema of each of `operations`, found in `document` by operationId, or by method
 * and path where the document has no operationId (the reader derived one).
 */
export function rawInputSchemas(
  document: unknown,
  operations: readonly { readonly id: string; readonly method: string; readonly path: string }[],
): Map<string, JsonSchema> {
  const raw = rawOperations(document);
  const schemas = new Map<string, JsonSchema>();
  for (const operation of operations) {
    const match =
      raw.find((candidate) => candidate.operationId === operation.id) ??
      raw.find(
        (candidate) =>
          candidate.operationId === undefined &&
          candidate.method === operation.method &&
          operation.path.endsWith(candidate.path),
      );
    if (match) schemas.set(operation.id, match.inputSchema);
  }
  return schemas;
}

/** `value` with its local `$ref`s replaced by what they point to; a cycle becomes `{}`. */
function inline(root: Json, value: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((entry) => inline(root, entry, seen));
  if (typeof value !== 'object' || value === null) return value;
  const node = value as Json;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref) || !node.$ref.startsWith('#/')) return {};
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (current, segment) =>
          (current as Json | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')],
        root,
      );
    return inline(root, target, [...seen, node.$ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, entry]) => [key, inline(root, entry, seen)]));
}
