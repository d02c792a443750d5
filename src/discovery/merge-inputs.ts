/**
 * One input for an operation that several documents describe: every field any of them declares,
 * required only where all of them require it.
 * @module
 */

import { canonicalJson } from '../schema/canonical-json.js';
import type { InputLocation, JsonSchema, OperationInput } from './types.js';

/** Keywords that tell a person about a field without changing which values it accepts. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated']);

/** What a field accepts, its annotations left out at the top. */
function acceptanceOf(schema: JsonSchema): string {
  return canonicalJson(Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.has(key))));
}

/**
 * One schema that accepts what any of `variants` accepts. Variants that differ only in their
 * annotations are one; variants that accept different values become an `anyOf`, described by the
 * first variant that has a description.
 */
function unionOf(variants: readonly JsonSchema[]): JsonSchema {
  const distinct = new Map<string, JsonSchema>();
  for (const variant of variants) {
    const key = acceptanceOf(variant);
    if (!distinct.has(key)) distinct.set(key, variant);
  }
  const kept = [...distinct.values()];
  if (kept.length === 1) return kept[0] as JsonSchema;
  const description = variants.find((variant) => typeof variant.description === 'string')?.description;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: kept.map(({ description: _description, ...rest }) => rest),
  };
}

const propertiesOf = (input: OperationInput): Record<string, JsonSchema> =>
  (input.schema.properties ?? {}) as Record<string, JsonSchema>;

const requiredOf = (input: OperationInput): readonly string[] =>
  Array.isArray(input.schema.required) ? (input.schema.required as string[]) : [];

/**
 * The input that accepts every field any of `inputs` declares. A field is required only when every
 * input declares it required; a field declared with different types accepts any of them. The first
 * input's other keywords (description, `additionalProperties`) and its body settings are kept.
 */
export function mergeInputs(inputs: readonly [OperationInput, ...OperationInput[]]): OperationInput {
  const [first] = inputs;
  const names = [...new Set(inputs.flatMap((input) => Object.keys(propertiesOf(input))))];
  const properties = Object.fromEntries(
    names.map((name) => [
      name,
      unionOf(inputs.flatMap((input) => propertiesOf(input)[name] ?? []) as JsonSchema[]),
    ]),
  );
  const required = names.filter((name) => inputs.every((input) => requiredOf(input).includes(name)));
  const locations: Record<string, InputLocation> = {};
  const wireNames: Record<string, string> = {};
  for (const input of inputs) {
    for (const [name, location] of Object.entries(input.locations)) locations[name] ??= location;
    for (const [name, wire] of Object.entries(input.wireNames ?? {})) wireNames[name] ??= wire;
  }
  // Recursive parts live in `$defs`; each document's are kept so that its references still resolve.
  const definitions = Object.assign(
    {},
    ...[...inputs].reverse().map((input) => (input.schema.$defs ?? {}) as Record<string, JsonSchema>),
  ) as Record<string, JsonSchema>;
  const { required: _required, properties: _properties, $defs: _definitions, ...rest } = first.schema;
  return {
    ...first,
    schema: {
      ...rest,
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(Object.keys(definitions).length > 0 ? { $defs: definitions } : {}),
    },
    locations,
    ...(Object.keys(wireNames).length > 0 ? { wireNames } : {}),
  };
}
