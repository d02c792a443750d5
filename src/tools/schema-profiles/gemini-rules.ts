/**
 * The rules of Gemini function declarations, as a checker.
 *
 * Sources, checked in 2026: Google's FunctionDeclaration reference ("parameters ... Reflects the
 * Open API 3.03 Parameter Object"; `parametersJsonSchema`: "Describes the parameters to the
 * function in JSON Schema format"; names "must start with a letter or an underscore and must only
 * contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64"), the Firebase AI Schema
 * docs (string `format` must be `enum` or `date-time`, "otherwise requests will fail"), and the
 * request builders themselves: `@ai-sdk/google` 4 (the provider of `ai` 7) sends a tool's input
 * schema as `parametersJsonSchema`, unchanged, and `@google/genai` passes `parametersJsonSchema`
 * through untouched. So the profile writes JSON Schema, where OpenAPI's `nullable` means nothing:
 * null is a member of a type union.
 *
 * The profile keeps to a subset that both the Gemini API and Vertex AI accept:
 * - keywords: type, format, description, enum, items, minItems, maxItems, properties, required,
 *   minimum, maximum, minLength, maxLength;
 * - `type` is one of string, number, integer, boolean, array, object or null, or a pair of one of
 *   them and `null` (a nullable value); no `nullable`;
 * - `enum` only on strings, and only strings (and null when the type admits null); no `const`;
 * - an array has `items`; an object below the root has at least one property; property names
 *   match `^[A-Za-z_][A-Za-z0-9_]{0,63}$`; `required` names only properties.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { forEachSchemaNode } from '../../schema/map-subschemas.js';
import { isRecord, propertiesOf, requiredOf } from '../../schema/schema-node.js';

export const GEMINI_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'description',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
]);

export const GEMINI_TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
]);

export const GEMINI_FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['enum', 'date-time']),
  number: new Set(['float', 'double']),
  integer: new Set(['int32', 'int64']),
};

export const GEMINI_PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** What in `schema` breaks Gemini's rules; empty when it is accepted. */
export function geminiProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push('the root must be of type object');
  forEachSchemaNode(schema, (node, pointer) => {
    const at = pointer || '(root)';
    for (const keyword of Object.keys(node))
      if (!GEMINI_KEYWORDS.has(keyword)) problems.push(`${at}: keyword ${keyword} is not supported`);
    const types = Array.isArray(node.type) ? node.type : [node.type];
    const concrete = types.filter((candidate) => candidate !== 'null');
    const nullable = concrete.length < types.length;
    const type = concrete.length === 0 && nullable ? 'null' : concrete[0];
    if (
      typeof type !== 'string' ||
      !GEMINI_TYPES.has(type) ||
      concrete.length > 1 ||
      (Array.isArray(node.type) && node.type.length !== 2)
    ) {
      problems.push(`${at}: type must be one of ${[...GEMINI_TYPES].join(', ')}, or one of them and null`);
      return;
    }
    if (typeof node.format === 'string' && !GEMINI_FORMATS[type]?.has(node.format))
      problems.push(`${at}: format ${node.format} is not supported on ${type}`);
    if ('enum' in node) {
      if (type !== 'string') problems.push(`${at}: enum is only allowed on strings`);
      if (
        !Array.isArray(node.enum) ||
        node.enum.length === 0 ||
        node.enum.some((value) => typeof value !== 'string' && !(nullable && value === null))
      )
        problems.push(`${at}: enum must list strings`);
    }
    if (type === 'array' && !isRecord(node.items)) problems.push(`${at}: an array needs items`);
    if (type === 'object') {
      const names = Object.keys(propertiesOf(node));
      if (names.length === 0 && pointer !== '') problems.push(`${at}: an object needs properties`);
      for (const name of names)
        if (!GEMINI_PROPERTY_NAME.test(name)) problems.push(`${at}: property name ${name} is not allowed`);
      if (requiredOf(node).some((name) => !names.includes(name)))
        problems.push(`${at}: required names a property that does not exist`);
    }
  });
  return problems;
}
