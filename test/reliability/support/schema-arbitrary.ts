/**
 * Values for a JSON Schema, as fast-check arbitraries: the keywords the service's input schemas
 * use (types, enum and const, string lengths, formats, patterns, base64, number bounds, arrays
 * with item counts and uniqueness, objects with required properties, oneOf and anyOf). Strings mix
 * random unicode with hostile text, and numbers lean on their bounds, so that "valid" also means
 * "at the edge". A value may still miss the schema (an email the format rejects): callers judge
 * validity with a validator of their own, not by trusting this.
 * @module
 */
import fc from 'fast-check';
import type { JsonSchema } from '../../../src/discovery/types.js';
import { HOSTILE_STRINGS } from './hostile-values.js';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** `text` cut or padded to the schema's length bounds, counted in code points as JSON Schema does. */
function fitLength(text: string, minLength: number, maxLength: number): string {
  const points = Array.from(text);
  if (points.length > maxLength) return points.slice(0, maxLength).join('');
  if (points.length < minLength) return text + 'a'.repeat(minLength - points.length);
  return text;
}

// Building a string arbitrary costs more than drawing from it: one per distinct set of keywords.
const stringArbitraries = new Map<string, fc.Arbitrary<string>>();

function stringArbitrary(schema: Json): fc.Arbitrary<string> {
  const key = JSON.stringify([
    schema.minLength,
    schema.maxLength,
    schema.pattern,
    schema.format,
    schema.contentEncoding,
  ]);
  let arbitrary = stringArbitraries.get(key);
  if (!arbitrary) {
    arbitrary = buildStringArbitrary(schema);
    stringArbitraries.set(key, arbitrary);
  }
  return arbitrary;
}

function buildStringArbitrary(schema: Json): fc.Arbitrary<string> {
  const minLength = numberOr(schema.minLength, 0);
  const maxLength = numberOr(schema.maxLength, 2_000);
  const fit = (text: string) => fitLength(text, minLength, maxLength);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    return fc.stringMatching(pattern).filter((text) => {
      const length = Array.from(text).length;
      return length >= minLength && length <= maxLength;
    });
  }
  if (schema.contentEncoding === 'base64') return fc.base64String({ maxLength: 400 }).map(fit);
  switch (schema.format) {
    case 'uri':
      return fc
        .oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.constantFrom('https://example.com/input.png', 'http://127.0.0.1:9/../../etc/passwd?x=%00'),
        )
        .map((url) => (Array.from(url).length <= maxLength ? url : 'https://example.com/a.png'));
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= maxLength);
    case 'date-time':
      return fc
        .date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
  }
  return fc
    .oneof(
      { weight: 3, arbitrary: GRAPHEMES },
      { weight: 1, arbitrary: ANY_CODE_POINTS },
      { weight: 2, arbitrary: HOSTILE },
      { weight: 1, arbitrary: fc.constant('m'.repeat(Math.min(maxLength, 100_000))) },
    )
    .map(fit);
}

// Built once: a string arbitrary over every code point costs ~100 ms to build (fast-check maps the
// whole range for shrinking), and the bounds are applied by `fit` afterwards anyway.
const GRAPHEMES = fc.string({ unit: 'grapheme', maxLength: 40 });
const ANY_CODE_POINTS = fc.string({ unit: 'binary', maxLength: 40 });
const HOSTILE = fc.constantFrom(...HOSTILE_STRINGS);

function integerArbitrary(schema: Json): fc.Arbitrary<number> {
  const lower =
    typeof schema.minimum === 'number'
      ? Math.ceil(schema.minimum)
      : typeof schema.exclusiveMinimum === 'number'
        ? Math.floor(schema.exclusiveMinimum) + 1
        : -Number.MAX_SAFE_INTEGER;
  const upper =
    typeof schema.maximum === 'number'
      ? Math.floor(schema.maximum)
      : typeof schema.exclusiveMaximum === 'number'
        ? Math.ceil(schema.exclusiveMaximum) - 1
        : Number.MAX_SAFE_INTEGER;
  const edges = [lower, upper, lower + 1, upper - 1, 0, 1, -1].filter(
    (value) => value >= lower && value <= upper,
  );
  return fc.oneof(fc.integer({ min: lower, max: upper }), fc.constantFrom(...edges));
}

function numberArbitrary(schema: Json): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : schema.exclusiveMinimum;
  const max = typeof schema.maximum === 'number' ? schema.maximum : schema.exclusiveMaximum;
  const edges = [min, max, 0, 0.5].filter(
    (value): value is number =>
      typeof value === 'number' &&
      (typeof min !== 'number' || value > min || (value === min && schema.minimum === min)) &&
      (typeof max !== 'number' || value < max || (value === max && schema.maximum === max)),
  );
  const double = fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(typeof min === 'number' ? { min, minExcluded: schema.exclusiveMinimum === min } : {}),
    ...(typeof max === 'number' ? { max, maxExcluded: schema.exclusiveMaximum === max } : {}),
  });
  return edges.length > 0 ? fc.oneof(double, fc.constantFrom(...edges)) : double;
}

function arrayArbitrary(schema: Json, depth: number): fc.Arbitrary<unknown[]> {
  const item = valuesFor(isRecord(schema.items) ? schema.items : {}, depth + 1);
  const minLength = numberOr(schema.minItems, 0);
  const maxLength = Math.min(numberOr(schema.maxItems, minLength + 3), minLength + 3);
  return schema.uniqueItems === true
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
    : fc.array(item, { minLength, maxLength });
}

function objectArbitrary(schema: Json, depth: number): fc.Arbitrary<Json> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  if (names.length === 0)
    return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const required = Array.isArray(schema.required) ? schema.required.filter((name) => name in properties) : [];
  const model = Object.fromEntries(
    names.map((name) => [name, valuesFor(isRecord(properties[name]) ? properties[name] : {}, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: required as string[] }) as fc.Arbitrary<Json>;
}

/** A branch of `oneOf` / `anyOf` read together with what its parent says beside it. */
function withBranch(parent: Json, branch: Json): Json {
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = parent;
  const properties = { ...(isRecord(rest.properties) ? rest.properties : {}) };
  for (const [name, property] of Object.entries(isRecord(branch.properties) ? branch.properties : {}))
    properties[name] = { ...(isRecord(properties[name]) ? properties[name] : {}), ...(property as Json) };
  const required = [
    ...(Array.isArray(rest.required) ? rest.required : []),
    ...(Array.isArray(branch.required) ? branch.required : []),
  ];
  return {
    ...rest,
    ...branch,
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
    ...(required.length > 0 ? { required: [...new Set(required)] } : {}),
  };
}

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type))
    return schema.type.filter((type): type is string => typeof type === 'string');
  if (typeof schema.type === 'string') return [schema.type];
  if (isRecord(schema.properties)) return ['object'];
  if (isRecord(schema.items)) return ['array'];
  return [];
}

function valuesFor(schema: Json, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(branches) && branches.length > 0)
    return fc.oneof(
      ...branches.filter(isRecord).map((branch) => valuesFor(withBranch(schema, branch), depth)),
    );
  if (depth > 8) return fc.constant(null);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringArbitrary(schema);
        case 'integer':
          return integerArbitrary(schema);
        case 'number':
          return numberArbitrary(schema);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return arrayArbitrary(schema, depth);
        case 'object':
          return objectArbitrary(schema, depth);
        default:
          return fc.jsonValue({ maxDepth: 1 });
      }
    }),
  );
}

/** Values `schema` is meant to accept, biased to its bounds and to hostile text. */
export function schemaArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  return valuesFor(schema, 0);
}
