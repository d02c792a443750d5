/**
 * A node of several types (`type: ["integer", "string"]`) as one node per type, each with the
 * keywords that apply to its type: what families without type unions need to express it.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { type JsonType, jsonTypeOf, setOwn, typeAccepts, typesOf } from '../../schema/schema-node.js';

const KEYWORDS_BY_TYPE: Readonly<Record<JsonType, readonly string[]>> = {
  null: [],
  boolean: [],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  array: [
    'items',
    'prefixItems',
    'minItems',
    'maxItems',
    'uniqueItems',
    'contains',
    'minContains',
    'maxContains',
  ],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
  ],
};

const TYPE_SPECIFIC = new Set(Object.values(KEYWORDS_BY_TYPE).flat());

// Formats say something only about one kind of value.
const NUMERIC_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

/**
 * One node per type of `node` (or per one of `types`), in order; a type that none of the node's
 * enum values has is left out, since no value of it is valid.
 */
export function splitByType(node: JsonSchema, types: readonly JsonType[] = typesOf(node)): JsonSchema[] {
  return types
    .map((type) => nodeForType(node, type))
    .filter((branch) => !Array.isArray(branch.enum) || branch.enum.length > 0);
}

/** `node` narrowed to `type`: its shared keywords, the keywords of that type, its values of that type. */
export function nodeForType(node: JsonSchema, type: JsonType): JsonSchema {
  const narrowed: JsonSchema = { type };
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'type') continue;
    if (TYPE_SPECIFIC.has(keyword) && !KEYWORDS_BY_TYPE[type].includes(keyword)) continue;
    if (
      keyword === 'format' &&
      typeof value === 'string' &&
      NUMERIC_FORMATS.has(value) !== (type !== 'string')
    )
      continue;
    if (keyword === 'enum' && Array.isArray(value)) {
      narrowed.enum = value.filter((entry) => typeAccepts(type, jsonTypeOf(entry)));
      continue;
    }
    if ((keyword === 'const' || keyword === 'default') && !typeAccepts(type, jsonTypeOf(value))) continue;
    setOwn(narrowed, keyword, value);
  }
  return narrowed;
}
