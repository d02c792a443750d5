/**
 * The rules of Anthropic tool input schemas, as a checker.
 *
 * Source, checked in 2026: Anthropic's tool-use documentation ("input_schema: a JSON Schema object
 * defining the expected parameters"; the tool input is always an object) and the API's refusal
 * "input_schema does not support oneOf, allOf, or anyOf at the top level" (as reported in
 * anomalyco/opencode#38616). Anthropic otherwise accepts JSON Schema 2020-12 as it is; strict
 * tool use (`strict: true`) has a narrower subset, which this profile does not target.
 *
 * Rules: the root is `type: "object"`; no `oneOf` / `anyOf` / `allOf` (nor `not`, `if`) at the
 * root; every `$ref` is local; the whole is valid JSON Schema 2020-12 (checked by compiling it).
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { forEachSchemaNode } from '../../schema/map-subschemas.js';

const ROOT_REFUSED = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else'];

/** What in `schema` Anthropic refuses; empty when it is accepted. */
export function anthropicProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push('the root must be of type object');
  for (const keyword of ROOT_REFUSED)
    if (keyword in schema) problems.push(`the root must not use ${keyword}`);
  forEachSchemaNode(schema, (node, pointer) => {
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#'))
      problems.push(`${pointer || '(root)'}: $ref ${node.$ref} is not local`);
  });
  return problems;
}
