/**
 * The rules of OpenAI's strict function calling (Structured Outputs), as a checker.
 *
 * Source: OpenAI, "Structured model outputs" guide, section "Supported schemas"
 * (platform.openai.com/docs/guides/structured-outputs#supported-schemas), checked through the
 * summary of that section at jsonschemaprofiles.unitvectorylabs.com/schemas/openai (baseline
 * 2026-02) and OpenAI's format list as SDKs mirror it (vapi JsonSchemaFormat, hashbrown
 * StringFormat), in 2026:
 *
 * - Types: string, number, integer, boolean, object, array, null; `enum`, `const`, `anyOf`;
 *   a type list only as `[T, "null"]`; local `$ref` / `$defs`.
 * - The root is an object, and not an `anyOf`.
 * - Every object has `additionalProperties: false` and lists every property in `required`;
 *   optional fields are expressed as a union with null.
 * - Supported constraints: strings `pattern`, `format` (date-time, time, date, duration, email,
 *   hostname, ipv4, ipv6, uuid); numbers `minimum`, `maximum`, `exclusiveMinimum`,
 *   `exclusiveMaximum`, `multipleOf`; arrays `minItems`, `maxItems`.
 * - Not supported: `allOf`, `not`, `if` / `then` / `else`, `dependentRequired`,
 *   `dependentSchemas`, `patternProperties`, `minLength` / `maxLength`, `default`, and the rest of
 *   JSON Schema (the API refuses an unknown keyword in strict mode).
 * - Limits: 5,000 object properties in all, 10 levels of object nesting, 1,000 enum values in
 *   all, 120,000 characters of property names, definition names, enum and const values, and a
 *   string enum of more than 250 values at most 15,000 characters long.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { forEachSchemaNode } from '../../schema/map-subschemas.js';
import { isRecord, propertiesOf, requiredOf, typesOf } from '../../schema/schema-node.js';

export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  objectDepth: 10,
  enumValues: 1000,
  characters: 120_000,
  largeStringEnum: 250,
  largeStringEnumCharacters: 15_000,
} as const;

/**
 * Regular-expression features that the constrained decoder may not support (lookaround,
 * backreferences, named groups): such a pattern is said in words instead.
 */
export function isPortablePattern(pattern: string): boolean {
  return !/\(\?[=!<]|\\[1-9]|\\k</.test(pattern);
}

/** What in `schema` breaks OpenAI's strict rules; empty when it is accepted. */
export function openAiStrictProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push('the root must be of type object');
  if ('anyOf' in schema) problems.push('the root must not be an anyOf');
  let propertyCount = 0;
  let enumCount = 0;
  let characters = 0;
  forEachSchemaNode(schema, (node, pointer) => {
    const at = pointer || '(root)';
    for (const keyword of Object.keys(node))
      if (!OPENAI_STRICT_KEYWORDS.has(keyword)) problems.push(`${at}: keyword ${keyword} is not supported`);
    const types = typesOf(node);
    if (Array.isArray(node.type) && !(types.length === 2 && types.includes('null')))
      problems.push(`${at}: a type list must be [T, "null"]`);
    if (
      types.length === 0 &&
      !('anyOf' in node) &&
      !('$ref' in node) &&
      !('enum' in node) &&
      !('const' in node)
    )
      problems.push(`${at}: every schema needs a type`);
    if (typeof node.format === 'string' && !OPENAI_STRICT_FORMATS.has(node.format))
      problems.push(`${at}: format ${node.format} is not supported`);
    if (typeof node.pattern === 'string' && !isPortablePattern(node.pattern))
      problems.push(`${at}: pattern ${node.pattern} uses unsupported features`);
    if (types.includes('null') && Array.isArray(node.enum) && !node.enum.includes(null))
      problems.push(`${at}: a nullable enum must list null`);
    if (types.includes('object') || isRecord(node.properties)) {
      const properties = Object.keys(propertiesOf(node));
      propertyCount += properties.length;
      characters += properties.join('').length;
      if (node.additionalProperties !== false) problems.push(`${at}: additionalProperties must be false`);
      const required = new Set(requiredOf(node));
      const missing = properties.filter((name) => !required.has(name));
      if (missing.length > 0) problems.push(`${at}: every property must be required (${missing.join(', ')})`);
      if ([...required].some((name) => !properties.includes(name)))
        problems.push(`${at}: required names a property that does not exist`);
    }
    if (Array.isArray(node.enum)) {
      enumCount += node.enum.length;
      const strings = node.enum.filter((value): value is string => typeof value === 'string');
      const length = strings.join('').length;
      characters += length;
      if (
        strings.length > OPENAI_STRICT_LIMITS.largeStringEnum &&
        length > OPENAI_STRICT_LIMITS.largeStringEnumCharacters
      )
        problems.push(`${at}: a string enum of more than 250 values must total at most 15,000 characters`);
    }
    if (typeof node.const === 'string') characters += node.const.length;
  });
  const depth = objectDepth(schema);
  if (depth > OPENAI_STRICT_LIMITS.objectDepth)
    problems.push(`objects nest ${depth} levels deep (at most 10)`);
  if (propertyCount > OPENAI_STRICT_LIMITS.properties)
    problems.push(`${propertyCount} properties (at most 5,000)`);
  if (enumCount > OPENAI_STRICT_LIMITS.enumValues) problems.push(`${enumCount} enum values (at most 1,000)`);
  if (characters > OPENAI_STRICT_LIMITS.characters)
    problems.push(`${characters} characters of names and values (at most 120,000)`);
  return problems;
}

/** How many objects nest inside each other, the root counting as one. */
function objectDepth(node: unknown, depth = 0): number {
  if (!isRecord(node)) return depth;
  const here = typesOf(node).includes('object') || isRecord(node.properties) ? depth + 1 : depth;
  let deepest = here;
  const children = [
    ...Object.values(propertiesOf(node)),
    ...(isRecord(node.items) ? [node.items] : []),
    ...(Array.isArray(node.anyOf) ? node.anyOf : []),
    ...(isRecord(node.$defs) ? Object.values(node.$defs) : []),
  ];
  for (const child of children) deepest = Math.max(deepest, objectDepth(child, here));
  return deepest;
}
