/**
 * The fields of an object request body, ready to be merged with the parameters into one input
 * object.
 * @module
 */

import { canonicalJson } from '../../schema/canonical-json.js';
import type { JsonSchema } from '../types.js';
import { isPlainObject, setOwn } from './plain-object.js';
import { isObjectSchema } from './request-body.js';

/** An object body taken apart. */
export interface BodyFields {
  readonly properties: Record<string, JsonSchema | boolean>;
  readonly required: string[];
  /** Keywords that still constrain the whole object (`oneOf`, `additionalProperties`, ...). */
  readonly constraints: Record<string, unknown>;
}

// Keywords of the body object that keep their meaning on the merged input object.
const OBJECT_CONSTRAINTS = [
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'minProperties',
  'maxProperties',
  'discriminator',
];
// Keys an allOf branch may have and still be folded into the body itself.
const FOLDABLE_BRANCH_KEYS = new Set(['type', 'properties', 'required', 'title', 'description']);

/**
 * The fields of a finalised body schema (a fresh copy, changed in place), or undefined when the
 * body is not an object with named fields (an array, a string, a free-form object): such a body
 * is offered whole.
 */
export function readBodyFields(schema: JsonSchema): BodyFields | undefined {
  const combinators = ['allOf', 'anyOf', 'oneOf'].filter((keyword) => Array.isArray(schema[keyword]));
  const typed = schema.type !== undefined;
  if (!isObjectSchema(schema) && (typed || combinators.length === 0)) return undefined;
  const properties: Record<string, JsonSchema | boolean> = isPlainObject(schema.properties)
    ? (schema.properties as Record<string, JsonSchema | boolean>)
    : {};
  const required = Array.isArray(schema.required) ? [...(schema.required as string[])] : [];
  foldAllOf(schema, properties, required);
  liftBranchProperties(schema, properties);
  if (Object.keys(properties).length === 0) return undefined;
  const constraints: Record<string, unknown> = {};
  for (const keyword of OBJECT_CONSTRAINTS)
    if (schema[keyword] !== undefined) constraints[keyword] = schema[keyword];
  return { properties, required, constraints };
}

/** `allOf: [{properties}, {properties}]` (a common way to extend a base body) read as one object. */
function foldAllOf(schema: JsonSchema, properties: Record<string, unknown>, required: string[]) {
  if (!Array.isArray(schema.allOf)) return;
  const kept = schema.allOf.filter((branch) => {
    if (!isPlainObject(branch) || !Object.keys(branch).every((key) => FOLDABLE_BRANCH_KEYS.has(key)))
      return true;
    if (branch.type !== undefined && branch.type !== 'object') return true;
    const branchProperties = isPlainObject(branch.properties) ? branch.properties : {};
    if (Object.keys(branchProperties).some((name) => Object.hasOwn(properties, name))) return true;
    for (const [name, definition] of Object.entries(branchProperties)) setOwn(properties, name, definition);
    for (const name of Array.isArray(branch.required) ? branch.required : [])
      if (!required.includes(name)) required.push(name);
    return false;
  });
  if (kept.length > 0) schema.allOf = kept;
  else delete schema.allOf;
}

/**
 * Fields that only the branches of `oneOf` / `anyOf` declare are listed on the object too, so that
 * each has a place on the wire; the branches still say which combinations are valid.
 */
function liftBranchProperties(schema: JsonSchema, properties: Record<string, unknown>) {
  const definitions = new Map<string, unknown[]>();
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (!isPlainObject(branch) || !isPlainObject(branch.properties)) continue;
      for (const [name, definition] of Object.entries(branch.properties)) {
        if (Object.hasOwn(properties, name)) continue;
        definitions.set(name, [...(definitions.get(name) ?? []), definition]);
      }
    }
  }
  for (const [name, found] of definitions) {
    // Branches that disagree on a field leave its checking to them.
    // Schemas are JSON (parsed documents): equal as JSON is equal.
    const first = canonicalJson(found[0]);
    const agreed = found.every((definition) => canonicalJson(definition) === first);
    setOwn(properties, name, agreed ? structuredClone(found[0]) : {});
  }
}
