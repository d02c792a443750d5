/**
 * `allOf` of object parts, merged into one object for families that have no `allOf`.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { asSchemaNode, propertiesOf, requiredOf } from '../../schema/schema-node.js';

/**
 * `node` with the properties and required names of its `allOf` parts merged in. Parts that
 * constrain in other ways are dropped here; the validator, which reads the canonical schema,
 * still applies them.
 */
export function mergeAllOf(node: JsonSchema): JsonSchema {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...merged } = node;
  for (const part of allOf.map(asSchemaNode)) {
    merged.properties = { ...propertiesOf(merged), ...propertiesOf(part) };
    merged.required = [...new Set([...requiredOf(merged), ...requiredOf(part)])];
    if (!('type' in merged) && 'type' in part) merged.type = part.type;
  }
  return merged;
}
