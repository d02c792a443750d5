import type { JsonSchema } from '../../../src/discovery/types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function accepts(schema: Json, value: unknown): boolean {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const actual = typeOf(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/**
 * `value` (valid against the canonical schema) written as a model would write it against
 * `profiled`: every property strict mode requires present (null when the value has none), numbers
 * as text where the profile asks for text (enums Gemini spells as strings), objects and arrays as
 * JSON text where the profile asks for JSON text, renamed properties under their profiled names.
 */
export function asModelWouldWrite(value: unknown, profiled: JsonSchema): unknown {
  const schema = profiled as Json;
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as Json[];
    const branch =
      branches.find((candidate) => accepts(candidate, value)) ??
      branches.find((candidate) => candidate.type === 'string');
    return branch ? asModelWouldWrite(value, branch) : value;
  }
  if (!accepts(schema, value)) {
    if (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')))
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => asModelWouldWrite(item, (schema.items ?? {}) as Json));
  if (!isObject(value) || !isObject(schema.properties)) return value;
  const written: Json = {};
  const profiledNames = Object.keys(schema.properties);
  for (const name of profiledNames) {
    const source = Object.keys(value).find(
      (key) => key === name || key.replace(/[^A-Za-z0-9_]/g, '_') === name,
    );
    const propertySchema = (schema.properties as Record<string, Json>)[name] as Json;
    if (source !== undefined) written[name] = asModelWouldWrite(value[source], propertySchema);
    else if (Array.isArray(schema.required) && schema.required.includes(name)) written[name] = null;
  }
  return written;
}
