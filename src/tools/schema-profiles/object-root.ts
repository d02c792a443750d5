/**
 * A tool's arguments are always an object: every framework and family wants `type: "object"` at
 * the root of the input schema.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { isRecord } from '../../schema/schema-node.js';

/**
 * `schema` with `type: "object"` at its root. Discovery always gives an object root; a root
 * without a type (or with another one, from a document read some other way) is made an object,
 * keeping its properties: no arguments object is anything else.
 */
export function withObjectRoot(schema: JsonSchema): JsonSchema {
  if (schema.type === 'object') return schema;
  return { ...schema, type: 'object', properties: isRecord(schema.properties) ? schema.properties : {} };
}
