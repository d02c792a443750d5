/**
 * The `openai-strict` profile: a canonical schema rewritten for OpenAI strict function calling
 * (rules in openai-strict-rules.ts), with the plan that maps the model's arguments back.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { expandReference, type LocalDefinitions, localDefinitions } from '../../schema/local-references.js';
import {
  asSchemaNode,
  impliedTypes,
  isRecord,
  type JsonType,
  propertiesOf,
  requiredOf,
  setOwn,
  unionBranchesOf,
} from '../../schema/schema-node.js';
import { constraintNotes, described } from './constraint-notes.js';
import { mergeAllOf } from './merge-all-of.js';
import { isPortablePattern, OPENAI_STRICT_FORMATS, OPENAI_STRICT_LIMITS } from './openai-strict-rules.js';
import {
  arrayPlan,
  KEEP,
  objectPlan,
  type Profiled,
  type PropertyRestore,
  type UnionBranchRestore,
  unionPlan,
} from './restore-plan.js';
import { splitByType } from './split-by-type.js';

interface Context {
  readonly definitions: LocalDefinitions;
  readonly expanding: readonly string[];
  /** Objects around the current node, the root counting as one. */
  readonly objectDepth: number;
}

/** `root` (cleaned, with its root alternatives folded) shaped for OpenAI strict mode. */
export function toOpenAiStrict(root: JsonSchema): Profiled {
  const shaped = strictNode(root, { definitions: localDefinitions(root), expanding: [], objectDepth: 0 });
  // The root must stay an object even when discovery made it something else.
  if (shaped.schema.type === 'object') return shaped;
  return {
    schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
    plan: KEEP,
  };
}

function strictNode(raw: unknown, context: Context): Profiled {
  const node = asSchemaNode(raw);
  if (typeof node.$ref === 'string') {
    const expanded = expandReference(node, context.definitions, context.expanding);
    if (!expanded) return asJsonText(node, 'A JSON value');
    return strictNode(expanded.schema, { ...context, expanding: [...context.expanding, expanded.reference] });
  }
  const branches = unionBranchesOf(node);
  const hasShape = 'type' in node || 'properties' in node;
  if (branches && !hasShape) return strictUnion(node, branches, context);
  const notes: string[] = [];
  if (branches) notes.push('It must also match one of several forms; an error names what is missing.');
  const merged = mergeAllOf(node);
  const types = impliedTypes(merged);
  const nullable = types.includes('null');
  const concrete = types.filter((type) => type !== 'null');
  if (concrete.length === 0) {
    if (nullable) return { schema: { type: 'null', ...described(merged, notes) }, plan: KEEP };
    return asJsonText(merged, 'Any JSON value');
  }
  if (concrete.length > 1) {
    const split = splitByType(merged, concrete);
    // An enum that fits none of the types leaves nothing to offer; the validator explains.
    if (split.length === 0 && !nullable) return asJsonText(merged, 'A JSON value');
    if (nullable) split.push({ type: 'null' });
    return strictUnion(merged, split, context);
  }
  const single = strictSingle(merged, concrete[0] as JsonType, notes, context);
  return nullable ? { schema: makeNullable(single.schema), plan: single.plan } : single;
}

/** Alternatives as `anyOf`, the annotations of the union on the outside. */
function strictUnion(node: JsonSchema, branches: JsonSchema[], context: Context): Profiled {
  const shaped = branches.map((branch) => strictNode(branch, context));
  const restores: UnionBranchRestore[] = shaped.map(({ schema, plan }) => ({
    types: profiledTypes(schema),
    plan,
  }));
  const anyOf = shaped.flatMap(({ schema }) => (Array.isArray(schema.anyOf) ? schema.anyOf : [schema]));
  return { schema: { anyOf, ...described(node, notesFor(node, ['default'])) }, plan: unionPlan(restores) };
}

function strictSingle(node: JsonSchema, type: JsonType, notes: string[], context: Context): Profiled {
  switch (type) {
    case 'object':
      return strictObject(node, notes, context);
    case 'array': {
      if ('prefixItems' in node || Array.isArray(node.items)) return asJsonText(node, 'A JSON array');
      const items = strictNode(node.items ?? {}, context);
      const schema: JsonSchema = { type: 'array', items: items.schema };
      copyKeywords(node, schema, ['minItems', 'maxItems']);
      return {
        schema: { ...schema, ...described(node, [...notes, ...notesFor(node, ['uniqueItems', 'default'])]) },
        plan: arrayPlan(items.plan),
      };
    }
    case 'string': {
      const schema: JsonSchema = { type: 'string' };
      copyKeywords(node, schema, ['enum', 'const']);
      const dropped = ['minLength', 'maxLength', 'default'];
      if (typeof node.format === 'string' && OPENAI_STRICT_FORMATS.has(node.format))
        schema.format = node.format;
      else dropped.push('format');
      if (typeof node.pattern === 'string' && isPortablePattern(node.pattern)) schema.pattern = node.pattern;
      else dropped.push('pattern');
      return {
        schema: { ...schema, ...described(node, [...notes, ...notesFor(node, dropped)]) },
        plan: KEEP,
      };
    }
    case 'integer':
    case 'number': {
      const schema: JsonSchema = { type };
      copyKeywords(node, schema, [
        'enum',
        'const',
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'multipleOf',
      ]);
      return {
        schema: { ...schema, ...described(node, [...notes, ...notesFor(node, ['default'])]) },
        plan: KEEP,
      };
    }
    default: {
      const schema: JsonSchema = { type };
      copyKeywords(node, schema, ['enum', 'const']);
      return {
        schema: { ...schema, ...described(node, [...notes, ...notesFor(node, ['default'])]) },
        plan: KEEP,
      };
    }
  }
}

function strictObject(node: JsonSchema, notes: string[], context: Context): Profiled {
  const freeForm =
    !isRecord(node.properties) ||
    isRecord(node.patternProperties) ||
    isRecord(node.additionalProperties) ||
    node.additionalProperties === true;
  if (freeForm && Object.keys(propertiesOf(node)).length === 0) return asJsonText(node, 'A JSON object');
  // Deeper than strict mode nests, the object is asked for as text.
  if (context.objectDepth >= OPENAI_STRICT_LIMITS.objectDepth) return asJsonText(node, 'A JSON object');
  const inner: Context = { ...context, objectDepth: context.objectDepth + 1 };
  const required = new Set(requiredOf(node));
  const properties: Record<string, unknown> = {};
  const restores: Record<string, PropertyRestore> = {};
  for (const [name, property] of Object.entries(propertiesOf(node))) {
    const shaped = strictNode(property, inner);
    const optional = !required.has(name);
    setOwn(properties, name, optional ? makeNullable(shaped.schema) : shaped.schema);
    setOwn(restores, name, { canonicalName: name, plan: shaped.plan, nullMeansAbsent: optional });
  }
  const schema: JsonSchema = {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
  return {
    schema: {
      ...schema,
      ...described(node, [...notes, ...notesFor(node, ['minProperties', 'maxProperties'])]),
    },
    plan: objectPlan(restores),
  };
}

/** The types a value the model writes for `schema` may have. */
function profiledTypes(schema: JsonSchema): JsonType[] {
  if (!Array.isArray(schema.anyOf)) return impliedTypes(schema);
  return [...new Set(schema.anyOf.flatMap((branch) => profiledTypes(asSchemaNode(branch))))];
}

/** Allows null besides what `schema` allows, in the form strict mode accepts. */
function makeNullable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.anyOf)) {
    const hasNull = schema.anyOf.some((branch) => isRecord(branch) && branch.type === 'null');
    return hasNull ? schema : { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  }
  if (typeof schema.type === 'string') {
    if (schema.type === 'null') return schema;
    const nullable: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if ('const' in nullable) {
      nullable.enum = [nullable.const, null];
      delete nullable.const;
    } else if (Array.isArray(nullable.enum) && !nullable.enum.includes(null))
      nullable.enum = [...nullable.enum, null];
    return nullable;
  }
  if (Array.isArray(schema.type))
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  const { description, ...rest } = schema;
  return { anyOf: [rest, { type: 'null' }], ...(description === undefined ? {} : { description }) };
}

/** A value strict mode cannot describe, asked for as JSON text and parsed back. */
function asJsonText(node: JsonSchema, what: string): Profiled {
  return {
    schema: { type: 'string', ...described(node, [`${what}, written as JSON text.`]) },
    plan: { kind: 'json-text' },
  };
}

function copyKeywords(from: JsonSchema, to: JsonSchema, keywords: readonly string[]): void {
  for (const keyword of keywords) if (from[keyword] !== undefined) to[keyword] = from[keyword];
}

function notesFor(node: JsonSchema, keywords: readonly string[]): string[] {
  return constraintNotes(node, keywords);
}
