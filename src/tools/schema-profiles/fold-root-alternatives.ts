/**
 * Model families that want a plain object at the root (OpenAI strict, Gemini, Anthropic) refuse
 * `oneOf` / `anyOf` / `allOf` there. The root's alternatives are folded into one object and said
 * in words; the canonical schema, which the validator uses, still enforces them.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import {
  asSchemaNode,
  briefJson,
  propertiesOf,
  requiredOf,
  setOwn,
  unionBranchesOf,
} from '../../schema/schema-node.js';
import { describeWith } from './constraint-notes.js';
import { withObjectRoot } from './object-root.js';

const ROOT_COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else'] as const;

/** `schema` with the root's combinators folded into its properties and description. */
export function foldRootAlternatives(schema: JsonSchema): JsonSchema {
  if (!ROOT_COMBINATORS.some((keyword) => keyword in schema)) return withObjectRoot(schema);
  const folded: JsonSchema = { ...schema };
  for (const keyword of ROOT_COMBINATORS) delete folded[keyword];
  const properties = propertiesOf(schema);
  const required = new Set(requiredOf(schema));
  const notes: string[] = [];

  const allOf = Array.isArray(schema.allOf) ? schema.allOf.map(asSchemaNode) : [];
  for (const part of allOf) {
    for (const [name, property] of Object.entries(propertiesOf(part)))
      if (!(name in properties)) setOwn(properties, name, property);
    for (const name of requiredOf(part)) required.add(name);
  }

  const branches = unionBranchesOf(schema) ?? [];
  if (branches.length > 0) {
    // Fields a branch introduces become optional fields of the root: which are needed depends on
    // the branch, and the description says so.
    for (const branch of branches)
      for (const [name, property] of Object.entries(propertiesOf(branch)))
        if (!(name in properties) && Object.keys(property).length > 0) setOwn(properties, name, property);
    const [first, ...rest] = branches.map((branch) => requiredOf(branch));
    const common = (first ?? []).filter((name) => rest.every((names) => names.includes(name)));
    for (const name of common) required.add(name);
    const verb = 'oneOf' in schema ? 'exactly one' : 'at least one';
    notes.push(`Use ${verb} of these ways: ${branches.map(describeBranch).join('; ')}.`);
  }
  if ('not' in schema || 'if' in schema)
    notes.push('Some combinations of fields are refused; the error says which.');

  folded.properties = properties;
  const requiredList = [...required].filter((name) => name in properties);
  if (requiredList.length > 0) folded.required = requiredList;
  else delete folded.required;
  const description = describeWith(schema.description, notes);
  if (description !== undefined) folded.description = description;
  return withObjectRoot(folded);
}

/** `Auto-generate lyrics (lyrics_generation = true; needs prompt, caption)`. */
function describeBranch(branch: JsonSchema, index: number): string {
  const label = typeof branch.title === 'string' ? branch.title : `way ${index + 1}`;
  const fixed = Object.entries(propertiesOf(branch)).flatMap(([name, property]) => {
    const values = 'const' in property ? [property.const] : Array.isArray(property.enum) ? property.enum : [];
    return values.length === 1 ? [`${name} = ${briefJson(values[0])}`] : [];
  });
  const needs = requiredOf(branch).filter((name) => !fixed.some((entry) => entry.startsWith(`${name} =`)));
  const parts = [...fixed, ...(needs.length > 0 ? [`needs ${needs.join(', ')}`] : [])];
  return parts.length > 0 ? `${label} (${parts.join('; ')})` : label;
}
