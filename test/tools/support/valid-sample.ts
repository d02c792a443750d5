import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../../src/discovery/types.js';
import { sampleFor } from '../../support/sample-input.js';
import { sampleMatching } from './sample-matching.js';

type Json = Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, logger: false });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);

const compiled = new WeakMap<JsonSchema, ReturnType<typeof ajv.compile>>();

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value the schema accepts, checked with Ajv: the shared `sampleFor` (required properties, the
 * smallest values), with strings held to a pattern written to match it, and an object root with
 * alternatives (`oneOf` of required sets) given the fields of the first alternative that works.
 */
export function validSample(schema: JsonSchema): unknown {
  const validate = compiled.get(schema) ?? ajv.compile(schema);
  compiled.set(schema, validate);
  const base = fill(schema, sampleFor(withoutRootAlternatives(schema)));
  if (validate(base)) return base;
  const alternatives = (schema.oneOf ?? schema.anyOf ?? []) as Json[];
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  for (const alternative of alternatives) {
    const candidate: Json = { ...(base as Json) };
    const fixed = (alternative.properties ?? {}) as Record<string, Json>;
    for (const name of [...((alternative.required ?? []) as string[]), ...Object.keys(fixed)]) {
      const propertySchema = { ...(properties[name] ?? {}), ...(fixed[name] ?? {}) };
      candidate[name] = fill(propertySchema, sampleFor(propertySchema, name));
    }
    if (validate(candidate)) return candidate;
  }
  throw new Error(
    `no valid sample for ${JSON.stringify(schema).slice(0, 200)}: ${ajv.errorsText(validate.errors)}`,
  );
}

function withoutRootAlternatives(schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object') return schema;
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
  return rest;
}

/** `value` with each string that breaks its schema's pattern replaced by one that matches. */
function fill(schema: Json, value: unknown): unknown {
  if (
    typeof value === 'string' &&
    typeof schema.pattern === 'string' &&
    !new RegExp(schema.pattern, 'u').test(value)
  )
    return sampleMatching(schema.pattern) ?? value;
  if (Array.isArray(value)) return value.map((item) => fill((schema.items ?? {}) as Json, item));
  if (isObject(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [name, fill(properties[name] ?? {}, entry)]),
    );
  }
  return value;
}
