/**
 * OpenAPI 3.0 schemas rewritten in OpenAPI 3.1 (JSON Schema 2020-12) terms, before the `$ref`s are
 * resolved, so that the rest of the reader knows one dialect. Our own few rules rather than a
 * converter package: every maintained one requires Node 22, and the schema finaliser already reads
 * `example` and stray 3.0 leftovers in 3.1 documents.
 * @module
 */

import { isPlainObject, setOwn } from './plain-object.js';
import {
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from './schema-keyword-values.js';

/** Keywords that hold data (examples, defaults, extensions), never a schema: not walked. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Keywords that only describe a schema: an arm with these and `nullable` constrains nothing else. */
const ANNOTATION_KEYWORDS = new Set([
  'title',
  'description',
  'deprecated',
  'default',
  'example',
  'examples',
  'externalDocs',
  'readOnly',
  'writeOnly',
  'nullable',
]);

interface Place {
  readonly holder: Record<string | number, unknown>;
  readonly key: string | number;
  /** Whether the value is a schema (else a part of the document around schemas). */
  readonly schema: boolean;
  /** Whether the value is one arm of a `oneOf` / `anyOf`. */
  readonly unionArm: boolean;
}

/**
 * Rewrites, in place, every schema of an OpenAPI 3.0 `document` (a private copy) the 3.1 way:
 * `nullable: true` joins `null` to the type (or, beside a `$ref` or an `allOf`, becomes
 * `anyOf: [that, {type: 'null'}]`; a union arm of nothing but `nullable` is the `null` arm), and the
 * boolean `exclusiveMinimum` / `exclusiveMaximum` take the bound's number. The version becomes
 * 3.1.1. Iterative, so a deep document cannot exhaust the stack; each value is visited once.
 */
export function upgradeOpenApi30(document: Record<string, unknown>): void {
  document.openapi = '3.1.1';
  const pending: Place[] = [];
  const seen = new WeakSet<object>();
  const pushChildren = (value: Record<string | number, unknown> | unknown[], schema: boolean) => {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++)
        pending.push({ holder: value as never, key: index, schema, unionArm: false });
      return;
    }
    for (const key of Object.keys(value)) {
      if (key.startsWith('x-') || DATA_KEYWORDS.has(key)) continue;
      if (!schema) {
        // Around schemas: a `schema` field (parameters, media types, headers) holds one; so does
        // every entry of `components.schemas`.
        pending.push({
          holder: value,
          key,
          schema: key === 'schema' || value === schemasOf(document),
          unionArm: false,
        });
      } else if (SUBSCHEMA_KEYWORDS.has(key) || key === 'items') {
        pending.push({ holder: value, key, schema: true, unionArm: false });
      } else if (SUBSCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value[key])) {
        const map = value[key];
        if (seen.has(map)) continue;
        seen.add(map);
        for (const name of Object.keys(map))
          pending.push({ holder: map, key: name, schema: true, unionArm: false });
      } else if (SUBSCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value[key])) {
        const list = value[key] as unknown[];
        const unionArm = key === 'oneOf' || key === 'anyOf';
        for (let index = 0; index < list.length; index++)
          pending.push({ holder: list as never, key: index, schema: true, unionArm });
      }
    }
  };
  pushChildren(document, false);
  while (pending.length > 0) {
    const place = pending.pop() as Place;
    let value = place.holder[place.key];
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (place.schema && isPlainObject(value)) {
      value = upgradeSchema(value, place.unionArm);
      place.holder[place.key] = value;
      seen.add(value as object);
    }
    pushChildren(value as Record<string, unknown>, place.schema);
  }
}

function schemasOf(document: Record<string, unknown>): unknown {
  return isPlainObject(document.components) ? document.components.schemas : undefined;
}

/** One schema object in 3.1 terms: the same object changed, or a new one wrapping it. */
function upgradeSchema(schema: Record<string, unknown>, unionArm: boolean): Record<string, unknown> {
  translateBounds(schema);
  if (schema.nullable !== true) return schema;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    schema.type = types.includes('null') ? types : [...types, 'null'];
    delete schema.nullable;
    return schema;
  }
  // 3.0 could not mark a $ref as nullable, so documents wrote `nullable` beside it or beside an
  // allOf wrapping it; 3.1 drops `nullable`, so the null option becomes a union arm.
  if (typeof schema.$ref === 'string' || Array.isArray(schema.allOf)) {
    const wrapped: Record<string, unknown> = {};
    const base: Record<string, unknown> = {};
    for (const [keyword, value] of Object.entries(schema)) {
      if (keyword === 'nullable') continue;
      if (keyword === '$ref' || keyword === 'allOf') setOwn(base, keyword, value);
      else setOwn(wrapped, keyword, value);
    }
    const allOf = base.allOf as unknown[] | undefined;
    const arm = allOf?.length === 1 && base.$ref === undefined ? allOf[0] : base;
    setOwn(wrapped, 'anyOf', [arm, { type: 'null' }]);
    return wrapped;
  }
  // `oneOf: [{nullable: true}, {$ref: X}]` is how some exporters spell "X or null".
  if (
    unionArm &&
    Object.keys(schema).every((keyword) => ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith('x-'))
  ) {
    delete schema.nullable;
    schema.type = 'null';
  }
  return schema;
}

/** `exclusiveMinimum: true` beside `minimum: 0` is 3.1's `exclusiveMinimum: 0`; `false` is nothing. */
function translateBounds(schema: Record<string, unknown>): void {
  for (const [keyword, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[keyword] !== 'boolean') continue;
    if (schema[keyword] === true && typeof schema[bound] === 'number') {
      schema[keyword] = schema[bound];
      delete schema[bound];
    } else {
      delete schema[keyword];
    }
  }
}
