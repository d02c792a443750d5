import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Json = Record<string, unknown>;
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface DocumentOperation {
  readonly method: string;
  readonly path: string;
  readonly operation: Json;
}

/** Every operation of an OpenAPI document with its method (upper case) and path. */
export function operationsOf(document: Json): DocumentOperation[] {
  const paths = document.paths as Record<string, Json>;
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      path,
      operation: item[method] as Json,
    })),
  );
}

/** The value a local JSON pointer (`#/a/b`) designates, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, token) => (node && typeof node === 'object' ? (node as Json)[token] : undefined),
      document,
    );
}

/** Every `$ref` string anywhere in a value. */
export function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refsIn(child),
  );
}

/** `value` with a `$ref` resolved (one level), for reading referenced responses and headers. */
export function deref<T = Json>(document: Json, value: unknown): T {
  const ref = (value as Json | undefined)?.$ref;
  return (typeof ref === 'string' ? resolvePointer(document, ref) : value) as T;
}

/** Every JSON Schema an OpenAPI document holds: components, parameters, bodies, responses, headers. */
export function schemasOf(document: Json): Array<[where: string, schema: Json]> {
  const found: Array<[string, Json]> = [];
  const visit = (value: unknown, where: string) => {
    if (Array.isArray(value)) {
      for (const [index, child] of value.entries()) visit(child, `${where}/${index}`);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      // A `schema` field holds a schema; components.schemas holds them by name. Do not descend into them here.
      if (key === 'schema' && child && typeof child === 'object')
        found.push([`${where}/schema`, child as Json]);
      else visit(child, `${where}/${key}`);
    }
  };
  visit(document.paths, '#/paths');
  visit((document.components as Json).headers, '#/components/headers');
  visit((document.components as Json).parameters, '#/components/parameters');
  visit((document.components as Json).responses, '#/components/responses');
  for (const [name, schema] of Object.entries((document.components as Json).schemas as Json)) {
    found.push([`#/components/schemas/${name}`, schema as Json]);
  }
  return found;
}

function rewriteRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((child) => rewriteRefs(child, base));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string'
        ? child.replace('#/components/schemas/', `${base}#/$defs/`)
        : rewriteRefs(child, base),
    ]),
  );
}

/**
 * Compiles every schema of a document with a strict JSON Schema 2020-12 validator, so that no
 * keyword outside 2020-12 (or a known format) slips in. Returns the failures.
 */
export function compileFailures(document: Json): string[] {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, code: { optimize: false } });
  (addFormats as unknown as (instance: Ajv2020) => void)(ajv);
  const base = 'urn:openapi:components';
  ajv.addSchema({ $id: base, $defs: rewriteRefs((document.components as Json).schemas, base) as Json });
  const failures: string[] = [];
  const unique = new Map<string, [string, Json]>();
  for (const [where, schema] of schemasOf(document)) {
    const text = JSON.stringify(schema);
    // Ajv knows OpenAPI 3.0's `nullable` and would let it pass; 2020-12 spells it with a type list.
    if (/"nullable":/.test(text)) failures.push(`${where}: uses nullable`);
    if (!unique.has(text)) unique.set(text, [where, rewriteRefs(schema, base) as Json]);
  }
  const compile = (schema: Json, where: string) => {
    try {
      ajv.compile(schema);
      return true;
    } catch (error) {
      failures.push(`${where}: ${(error as Error).message}`);
      return false;
    }
  };
  // One compilation of them all is fast; only when it fails, compile each to say where.
  const all = [...unique.values()];
  if (!compile({ anyOf: all.map(([, schema]) => schema) }, '(all schemas)')) {
    failures.pop();
    for (const [where, schema] of all) compile(schema, where);
  }
  return failures;
}
