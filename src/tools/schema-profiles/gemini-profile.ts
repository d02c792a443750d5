/**
 * The `gemini` profile: a canonical schema rewritten into the JSON Schema subset that Gemini
 * function declarations take as `parametersJsonSchema` (rules in gemini-rules.ts), with the plan
 * that maps the model's arguments back. Nullability is a type union with `null` (OpenAPI's
 * `nullable` means nothing in JSON Schema, and `@ai-sdk/google` sends the schema unchanged).
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { expandReference, type LocalDefinitions, localDefinitions } from '../../schema/local-references.js';
import {
  asSchemaNode,
  impliedTypes,
  type JsonType,
  propertiesOf,
  requiredOf,
  setOwn,
  unionBranchesOf,
} from '../../schema/schema-node.js';
import { constraintNotes, described, describeWith } from './constraint-notes.js';
import { GEMINI_FORMATS, GEMINI_PROPERTY_NAME } from './gemini-rules.js';
import { mergeAllOf } from './merge-all-of.js';
import { arrayPlan, KEEP, objectPlan, type Profiled, type PropertyRestore } from './restore-plan.js';
import { splitByType } from './split-by-type.js';

interface Context {
  readonly definitions: LocalDefinitions;
  readonly expanding: readonly string[];
  readonly atRoot: boolean;
}

/**
 * Which alternative of a union Gemini gets, best first: text is what a model writes most
 * reliably, and a string branch of a union usually accepts what the others mean (an id as
 * characters, a message as plain text). A string held to a pattern comes after the numbers.
 */
const BRANCH_PREFERENCE: readonly JsonType[] = ['string', 'object', 'number', 'integer', 'boolean', 'array'];

const TYPE_WORDS: Readonly<Record<JsonType, string>> = {
  string: 'a string',
  object: 'an object',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  null: 'null',
};

/** `root` (cleaned, with its root alternatives folded) shaped for Gemini. */
export function toGemini(root: JsonSchema): Profiled {
  const shaped = geminiNode(root, { definitions: localDefinitions(root), expanding: [], atRoot: true });
  if (shaped.schema.type === 'object') return shaped;
  return { schema: { type: 'object', properties: {} }, plan: KEEP };
}

function geminiNode(raw: unknown, context: Context): Profiled {
  const node = asSchemaNode(raw);
  if (typeof node.$ref === 'string') {
    const expanded = expandReference(node, context.definitions, context.expanding);
    if (!expanded) return asJsonText(node, 'A JSON value', false);
    return geminiNode(expanded.schema, { ...context, expanding: [...context.expanding, expanded.reference] });
  }
  const notes: string[] = [];
  const branches = unionBranchesOf(node);
  if (branches && !('type' in node) && !('properties' in node)) {
    // One branch is offered; the validator still accepts every form the service does.
    const nullable = branches.some((branch) => impliedTypes(branch).includes('null'));
    const candidates = branches.filter((branch) => !isOnlyNull(branch));
    const chosen = chooseBranch(candidates);
    if (!chosen) return { schema: { type: 'null', ...described(node, ['Always null.']) }, plan: KEEP };
    const others = candidates.filter((branch) => branch !== chosen);
    if (others.length > 0) notes.push(otherFormsNote(chosen, others));
    const { oneOf: _oneOf, anyOf: _anyOf, ...annotations } = node;
    const merged = {
      ...chosen,
      ...annotations,
      description: describeWith(node.description ?? chosen.description, notes),
    };
    const shaped = geminiNode(merged, context);
    return nullable ? { schema: orNull(shaped.schema), plan: shaped.plan } : shaped;
  }
  if (branches) notes.push('It must also match one of several forms; an error names what is missing.');
  const merged = mergeAllOf(node);
  const types = impliedTypes(merged);
  const nullable = types.includes('null');
  const concrete = types.filter((type) => type !== 'null');
  if (concrete.length === 0) {
    if (nullable) return { schema: { type: 'null', ...described(merged, ['Always null.']) }, plan: KEEP };
    return asJsonText(merged, 'Any JSON value', false);
  }
  let single = merged;
  let type = concrete[0] as JsonType;
  if (concrete.length > 1) {
    const split = splitByType(merged, concrete);
    const chosen = chooseBranch(split);
    // An enum that fits none of the types leaves nothing to offer; the validator explains.
    if (!chosen) return asJsonText(merged, 'A JSON value', nullable);
    notes.push(
      otherFormsNote(
        chosen,
        split.filter((branch) => branch !== chosen),
      ),
    );
    single = chosen;
    type = chosen.type as JsonType;
  }
  const shaped = geminiSingle(single, type, notes, context);
  return nullable ? { schema: orNull(shaped.schema), plan: shaped.plan } : shaped;
}

function geminiSingle(node: JsonSchema, type: JsonType, notes: string[], context: Context): Profiled {
  const inner: Context = { ...context, atRoot: false };
  switch (type) {
    case 'object':
      return geminiObject(node, notes, inner);
    case 'array': {
      if ('prefixItems' in node || Array.isArray(node.items)) return asJsonText(node, 'A JSON array', false);
      const items = geminiNode(node.items ?? {}, inner);
      const schema: JsonSchema = { type: 'array', items: items.schema };
      copyKeywords(node, schema, ['minItems', 'maxItems']);
      return {
        schema: {
          ...schema,
          ...described(node, [...notes, ...constraintNotes(node, ['uniqueItems', 'default'])]),
        },
        plan: arrayPlan(items.plan),
      };
    }
    case 'boolean': {
      const values = fixedValues(node);
      const extra = values?.length === 1 ? [`Must be ${String(values[0])}.`] : [];
      return {
        schema: {
          type: 'boolean',
          ...described(node, [...notes, ...extra, ...constraintNotes(node, ['default'])]),
        },
        plan: KEEP,
      };
    }
    default:
      return geminiScalar(node, type, notes);
  }
}

/** Strings, numbers and integers; an enum of numbers becomes an enum of their texts. */
function geminiScalar(node: JsonSchema, type: JsonType, notes: string[]): Profiled {
  const values = fixedValues(node)?.filter((value) => value !== null);
  if (values && values.length > 0) {
    const texts = new Map<string, unknown>();
    for (const value of values) texts.set(typeof value === 'string' ? value : JSON.stringify(value), value);
    const dropped =
      type === 'string' ? ['minLength', 'maxLength', 'pattern', 'format', 'default'] : ['default'];
    const schema: JsonSchema = {
      type: 'string',
      enum: [...texts.keys()],
      ...described(node, [...notes, ...constraintNotes(node, dropped)]),
    };
    const textual = values.every((value) => typeof value === 'string');
    return { schema, plan: textual ? KEEP : { kind: 'enum-text', values: texts } };
  }
  const schema: JsonSchema = { type };
  const dropped = ['default'];
  if (type === 'string') {
    copyKeywords(node, schema, ['minLength', 'maxLength']);
    dropped.push('pattern');
  } else {
    copyKeywords(node, schema, ['minimum', 'maximum']);
    dropped.push('exclusiveMinimum', 'exclusiveMaximum', 'multipleOf');
  }
  if (typeof node.format === 'string' && GEMINI_FORMATS[type]?.has(node.format)) schema.format = node.format;
  else dropped.push('format');
  return {
    schema: { ...schema, ...described(node, [...notes, ...constraintNotes(node, dropped)]) },
    plan: KEEP,
  };
}

function geminiObject(node: JsonSchema, notes: string[], context: Context): Profiled {
  const names = Object.keys(propertiesOf(node));
  // Gemini refuses an object without properties below the root (the root may be empty).
  if (names.length === 0 && !context.atRoot) return asJsonText(node, 'A JSON object', false);
  const required = new Set(requiredOf(node));
  const properties: Record<string, unknown> = {};
  const requiredNames: string[] = [];
  const restores: Record<string, PropertyRestore> = {};
  const taken = new Set(names.filter((name) => GEMINI_PROPERTY_NAME.test(name)));
  for (const [name, property] of Object.entries(propertiesOf(node))) {
    const profiledName = GEMINI_PROPERTY_NAME.test(name) ? name : allowedName(name, taken);
    const shaped = geminiNode(property, context);
    setOwn(properties, profiledName, shaped.schema);
    setOwn(restores, profiledName, { canonicalName: name, plan: shaped.plan, nullMeansAbsent: false });
    if (required.has(name)) requiredNames.push(profiledName);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (requiredNames.length > 0) schema.required = requiredNames;
  return {
    schema: {
      ...schema,
      ...described(node, [...notes, ...constraintNotes(node, ['minProperties', 'maxProperties'])]),
    },
    plan: objectPlan(restores),
  };
}

/** A name Gemini accepts for `name` (`anthropic-version` -> `anthropic_version`), unique among `taken`. */
function allowedName(name: string, taken: Set<string>): string {
  let base = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  base = base.slice(0, 60);
  let candidate = base;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${base}_${suffix}`;
  taken.add(candidate);
  return candidate;
}

function chooseBranch(branches: readonly JsonSchema[]): JsonSchema | undefined {
  const rank = (branch: JsonSchema) => {
    const type = impliedTypes(branch).find((candidate) => candidate !== 'null');
    // A string held to a pattern (an id of digits) is better given as the number it spells,
    // since Gemini cannot carry the pattern.
    if (type === 'string' && typeof branch.pattern === 'string')
      return BRANCH_PREFERENCE.indexOf('integer') + 0.5;
    const index = type ? BRANCH_PREFERENCE.indexOf(type) : -1;
    return index === -1 ? BRANCH_PREFERENCE.length : index;
  };
  // Stable: among equally preferred branches the document's first wins.
  return [...branches].sort((left, right) => rank(left) - rank(right))[0];
}

function otherFormsNote(chosen: JsonSchema, others: readonly JsonSchema[]): string {
  const otherForms = [...new Set(others.map(formWords))].filter((form) => form !== formWords(chosen));
  const also = otherForms.length > 0 ? otherForms.join(' or ') : 'other forms';
  return `Given here as ${formWords(chosen)}; the service also accepts ${also}.`;
}

/** `a string`, or for an object the fields that tell it apart: `an object with url`. */
function formWords(branch: JsonSchema): string {
  const type = impliedTypes(branch).find((candidate) => candidate !== 'null') ?? 'string';
  const required = requiredOf(branch);
  return type === 'object' && required.length > 0
    ? `an object with ${required.join(', ')}`
    : TYPE_WORDS[type];
}

function isOnlyNull(branch: JsonSchema): boolean {
  const types = impliedTypes(branch);
  return types.length === 1 && types[0] === 'null';
}

function fixedValues(node: JsonSchema): unknown[] | undefined {
  if ('const' in node) return [node.const];
  return Array.isArray(node.enum) ? node.enum : undefined;
}

/** A value Gemini cannot describe, asked for as JSON text and parsed back. */
function asJsonText(node: JsonSchema, what: string, nullable: boolean): Profiled {
  const schema: JsonSchema = { type: 'string', ...described(node, [`${what}, written as JSON text.`]) };
  return { schema: nullable ? orNull(schema) : schema, plan: { kind: 'json-text' } };
}

/** `schema` that also accepts null, in JSON Schema terms: `type: [T, "null"]`, and null among the enum values. */
function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (typeof type !== 'string' || type === 'null') return schema;
  return {
    ...schema,
    type: [type, 'null'],
    ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
  };
}

function copyKeywords(from: JsonSchema, to: JsonSchema, keywords: readonly string[]): void {
  for (const keyword of keywords) if (typeof from[keyword] === 'number') to[keyword] = from[keyword];
}
