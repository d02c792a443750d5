/**
 * The `$ref`s discovery leaves in a canonical schema point at its own `$defs` (the recursive parts
 * of a document). Families that cannot follow references get them inlined, once per path.
 * @module
 */

import type { JsonSchema } from '../discovery/types.js';
import { asSchemaNode, isRecord } from './schema-node.js';

/** What `$ref`s of a root schema may point at, by the reference's text. */
export type LocalDefinitions = ReadonlyMap<string, JsonSchema>;

/** The root's `$defs` (and legacy `definitions`) by `#/$defs/<name>`, and the root itself as `#`. */
export function localDefinitions(root: JsonSchema): LocalDefinitions {
  const definitions = new Map<string, JsonSchema>([['#', root]]);
  for (const keyword of ['$defs', 'definitions'] as const) {
    const entries = root[keyword];
    if (!isRecord(entries)) continue;
    for (const [name, schema] of Object.entries(entries))
      definitions.set(`#/${keyword}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, asSchemaNode(schema));
  }
  return definitions;
}

/**
 * The schema `node.$ref` points at, with `node`'s own annotations (description) laid over it, or
 * undefined when it points elsewhere or at a definition already being expanded on this path.
 */
export function expandReference(
  node: JsonSchema,
  definitions: LocalDefinitions,
  expanding: readonly string[],
): { readonly schema: JsonSchema; readonly reference: string } | undefined {
  const reference = node.$ref;
  if (typeof reference !== 'string' || expanding.includes(reference)) return undefined;
  const target = definitions.get(reference);
  if (!target) return undefined;
  const { $ref: _reference, ...siblings } = node;
  const schema: JsonSchema = { ...target, ...siblings };
  if (reference === '#') {
    // The root's definitions stay where they are; only its shape is repeated.
    delete schema.$defs;
    delete schema.definitions;
  }
  return { schema, reference };
}
