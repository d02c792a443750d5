/**
 * A keyword-aware copy of a schema node: only the keywords that hold schemas are descended into,
 * so a property that happens to be called `examples` or `items` is never mistaken for a keyword.
 * @module
 */

import type { JsonSchema } from '../discovery/types.js';
import { isRecord, setOwn } from './schema-node.js';

/** Keywords whose value is one schema. */
export const SINGLE_SUBSCHEMA_KEYWORDS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;

/** Keywords whose value is a list of schemas. */
export const LIST_SUBSCHEMA_KEYWORDS = ['prefixItems', 'allOf', 'anyOf', 'oneOf'] as const;

/** Keywords whose value is a map of names to schemas. */
export const MAP_SUBSCHEMA_KEYWORDS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
] as const;

/** Where a subschema sits under its parent: `['properties', 'prompt']`, `['anyOf', '1']`, `['items']`. */
export type SubschemaPath = readonly [keyword: string, key?: string];

/**
 * A shallow copy of `node` in which every subschema is replaced by `replace(subschema, path)`.
 * Boolean subschemas are passed as they are; a replacement of `undefined` removes the entry.
 */
export function mapSubschemas(
  node: JsonSchema,
  replace: (subschema: unknown, path: SubschemaPath) => unknown,
): JsonSchema {
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if ((SINGLE_SUBSCHEMA_KEYWORDS as readonly string[]).includes(keyword) && !Array.isArray(value)) {
      const replaced = isRecord(value) || typeof value === 'boolean' ? replace(value, [keyword]) : value;
      if (replaced !== undefined) setOwn(copy, keyword, replaced);
    } else if (
      ((LIST_SUBSCHEMA_KEYWORDS as readonly string[]).includes(keyword) || keyword === 'items') &&
      Array.isArray(value)
    ) {
      const list = value
        .map((entry, index) => replace(entry, [keyword, String(index)]))
        .filter((entry) => entry !== undefined);
      setOwn(copy, keyword, list);
    } else if ((MAP_SUBSCHEMA_KEYWORDS as readonly string[]).includes(keyword) && isRecord(value)) {
      const map: Record<string, unknown> = {};
      for (const [name, entry] of Object.entries(value)) {
        const replaced = replace(entry, [keyword, name]);
        if (replaced !== undefined) setOwn(map, name, replaced);
      }
      setOwn(copy, keyword, map);
    } else {
      setOwn(copy, keyword, value);
    }
  }
  return copy;
}

/** Calls `visit` on `node` and on every schema below it, depth first, with its JSON Pointer. */
export function forEachSchemaNode(
  node: unknown,
  visit: (node: JsonSchema, pointer: string, depth: number) => void,
  pointer = '',
  depth = 0,
): void {
  if (!isRecord(node)) return;
  visit(node, pointer, depth);
  mapSubschemas(node, (subschema, [keyword, key]) => {
    const childPointer = `${pointer}/${keyword}${key === undefined ? '' : `/${escapePointer(key)}`}`;
    forEachSchemaNode(subschema, visit, childPointer, depth + 1);
    return subschema;
  });
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
