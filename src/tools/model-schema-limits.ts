/**
 * What of an operation's input schema a model is shown: the service's descriptions, titles, enum
 * lists and examples are its words, and they reach every model that is given the tools (typed
 * tools, `describe_operation`, MCP `tools/list`). Unbounded, one hostile document filled a tool
 * listing with 231 kB. The bounds apply to what the model sees only: arguments are still checked
 * against the whole schema.
 * @module
 */

import type { JsonSchema } from '../discovery/types.js';
import { cutAtWord } from '../schema/cut-at-word.js';
import { mapSubschemas } from '../schema/map-subschemas.js';

/** The limits of a schema shown to a model, in characters and entries. */
export const MODEL_SCHEMA_LIMITS = {
  /** Longest `description` of a property (or of any subschema). */
  maxDescriptionChars: 300,
  /** Longest `title`. */
  maxTitleChars: 80,
  /** Most `enum` values listed; the description then says how many more the service accepts. */
  maxEnumValues: 50,
  /** Longest enum value listed (a longer one is left out of the list, and counted). */
  maxEnumValueChars: 100,
  /** Most `examples` kept, each at most `maxDescriptionChars` once serialised. */
  maxExamples: 2,
  /** Deepest level bounded; below it subschemas are kept as they are (discovery bounds depth). */
  maxDepth: 64,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function boundNode(node: JsonSchema, depth: number): JsonSchema {
  const limits = MODEL_SCHEMA_LIMITS;
  const bounded =
    depth >= limits.maxDepth
      ? { ...node }
      : mapSubschemas(node, (subschema) =>
          isRecord(subschema) ? boundNode(subschema as JsonSchema, depth + 1) : subschema,
        );
  let description = typeof bounded.description === 'string' ? bounded.description : undefined;
  if (Array.isArray(bounded.enum)) {
    const values = bounded.enum as unknown[];
    const shown = values
      .filter((value) => typeof value !== 'string' || value.length <= limits.maxEnumValueChars)
      .slice(0, limits.maxEnumValues);
    if (shown.length < values.length) {
      bounded.enum = shown;
      const more = `(${values.length - shown.length} more accepted values not listed.)`;
      description = description
        ? `${cutAtWord(description, limits.maxDescriptionChars - more.length - 1)} ${more}`
        : more;
    }
  }
  if (description !== undefined) bounded.description = cutAtWord(description, limits.maxDescriptionChars);
  if (typeof bounded.title === 'string') bounded.title = cutAtWord(bounded.title, limits.maxTitleChars);
  if (Array.isArray(bounded.examples))
    bounded.examples = (bounded.examples as unknown[])
      .filter((example) => (JSON.stringify(example) ?? '').length <= limits.maxDescriptionChars)
      .slice(0, limits.maxExamples);
  if ('example' in bounded && (JSON.stringify(bounded.example) ?? '').length > limits.maxDescriptionChars)
    delete bounded.example;
  return bounded;
}

/**
 * `schema` as a model may be shown it: descriptions and titles cut at a word, enum lists and
 * examples shortened (see {@link MODEL_SCHEMA_LIMITS}). Pure; the input is not changed.
 *
 * @example
 * boundSchemaForModel({ type: 'string', enum: Array.from({ length: 900 }, (_, index) => `v${index}`) });
 * // { type: 'string', enum: ['v0', …, 'v49'], description: '(850 more accepted values not listed.)' }
 */
export function boundSchemaForModel(schema: JsonSchema): JsonSchema {
  return boundNode(schema, 0);
}
