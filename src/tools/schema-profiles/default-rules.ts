/**
 * The rules of the `default` profile (the canonical schema, cleaned), as a checker: what any
 * framework that takes JSON Schema (the AI SDK's `jsonSchema`, LangChain, MCP `inputSchema`)
 * expects of a tool's input.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { forEachSchemaNode } from '../../schema/map-subschemas.js';

const CLEANED_KEYWORDS = new Set(['$schema', '$id', '$comment']);

/** What in `schema` breaks the default profile's rules; empty when it is accepted. */
export function defaultProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push('the root must be of type object');
  forEachSchemaNode(schema, (node, pointer) => {
    for (const keyword of Object.keys(node))
      if (CLEANED_KEYWORDS.has(keyword) || keyword.startsWith('x-'))
        problems.push(`${pointer || '(root)'}: keyword ${keyword} should have been cleaned`);
  });
  return problems;
}
