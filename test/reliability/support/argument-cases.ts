/**
 * Tool arguments as a model might send them: valid ones generated from the operation's input
 * schema, and the same broken in one place (a required field missing, a wrong type, an unknown or
 * prototype-reaching name, a huge or non-JSON value, deep nesting, a value just past a bound, or no
 * object at all). Each broken case names the field it broke, so a refusal can be held to naming it.
 * @module
 */
import fc from 'fast-check';
import type { JsonSchema } from '../../../src/discovery/types.js';
import {
  deeplyNested,
  HOSTILE_NAMES,
  HOSTILE_STRINGS,
  HUGE_VALUES,
  nonJsonValues,
  PROTOTYPE_NAMES,
} from './hostile-values.js';
import { schemaArbitrary } from './schema-arbitrary.js';

type Json = Record<string, unknown>;

export type MutationKind =
  | 'missing-required'
  | 'wrong-type'
  | 'unknown-name'
  | 'prototype-name'
  | 'huge-value'
  | 'non-json-value'
  | 'deep-nesting'
  | 'past-a-bound'
  | 'not-an-object';

export interface ArgumentCase {
  readonly args: unknown;
  /**
   * Set for broken arguments: what was done, and the path of the field a refusal must name (if
   * it refuses); no path when the break has no one field.
   */
  readonly mutation?: { readonly kind: MutationKind; readonly path?: readonly string[] };
}

const MUTATIONS: readonly MutationKind[] = [
  'missing-required',
  'wrong-type',
  'unknown-name',
  'prototype-name',
  'huge-value',
  'non-json-value',
  'deep-nesting',
  'past-a-bound',
  'not-an-object',
];

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function propertiesOf(schema: Json): Record<string, Json> {
  return (isRecord(schema.properties) ? schema.properties : {}) as Record<string, Json>;
}

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === 'string' ? [schema.type] : [];
}

const WRONG_VALUES: readonly [type: string, value: unknown][] = [
  ['string', 'not what was asked for'],
  ['integer', 7],
  ['number', 2.5],
  ['boolean', true],
  ['null', null],
  ['array', [1, 'two', { three: 3 }]],
  ['object', { nested: { deeper: ['x'] } }],
];

/** A value of a JSON type the property does not take. */
function wrongValue(schema: Json, pick: number): unknown {
  const types = typesOf(schema);
  const accepts = (type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));
  const candidates = WRONG_VALUES.filter(([type]) => types.length > 0 && !accepts(type));
  return (candidates[pick % Math.max(1, candidates.length)] ?? WRONG_VALUES[pick % WRONG_VALUES.length])?.[1];
}

/** A value just outside one of the property's bounds, or undefined when it has none. */
function pastABound(schema: Json, current: unknown, pick: number): unknown {
  const options: unknown[] = [];
  if (typeof schema.maximum === 'number')
    options.push(
      schema.maximum +
        (typesOf(schema).includes('integer') ? 1 : 1e-9 * Math.max(1, Math.abs(schema.maximum))),
    );
  if (typeof schema.minimum === 'number') options.push(schema.minimum - 1);
  if (typeof schema.exclusiveMinimum === 'number') options.push(schema.exclusiveMinimum);
  if (typesOf(schema).includes('integer') && !typesOf(schema).includes('string')) options.push(1.5);
  if (typeof schema.maxLength === 'number') options.push('y'.repeat(schema.maxLength + 1));
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    options.push('y'.repeat(schema.minLength - 1));
  if (typeof schema.maxItems === 'number')
    options.push(
      Array.from({ length: schema.maxItems + 1 }, () => (Array.isArray(current) ? current[0] : null)),
    );
  if (typeof schema.minItems === 'number' && schema.minItems > 0) options.push([]);
  if (Array.isArray(schema.enum)) {
    const first = schema.enum.find((value) => typeof value === 'string') as string | undefined;
    if (first !== undefined) options.push(`${first.toUpperCase()}-NOT-AN-OPTION `);
  }
  return options.length > 0 ? options[pick % options.length] : undefined;
}

function setOwn(target: Json, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** `args` broken by `kind`; the field at fault, or undefined when the break has no one field. */
function mutate(schema: Json, valid: Json, kind: MutationKind, pick: number, word: string): ArgumentCase {
  const properties = propertiesOf(schema);
  const names = Object.keys(properties);
  const required = (Array.isArray(schema.required) ? schema.required : []).filter(
    (name): name is string => typeof name === 'string' && name in properties,
  );
  const args: Json = { ...valid };
  const target = names[pick % Math.max(1, names.length)];
  switch (kind) {
    case 'missing-required': {
      const name = required[pick % Math.max(1, required.length)];
      if (name === undefined) break;
      delete args[name];
      return { args, mutation: { kind, path: [name] } };
    }
    case 'wrong-type': {
      if (target === undefined || typesOf(properties[target] ?? {}).length === 0) break;
      args[target] = wrongValue(properties[target] ?? {}, pick);
      return { args, mutation: { kind, path: [target] } };
    }
    case 'prototype-name': {
      const name = PROTOTYPE_NAMES[pick % PROTOTYPE_NAMES.length] as string;
      const polluted = { polluted: true, isAdmin: true };
      const nestedIn = names.find((candidate) => isRecord(args[candidate]));
      if (nestedIn !== undefined && pick % 2 === 1) {
        const copy = { ...(args[nestedIn] as Json) };
        setOwn(copy, name, polluted);
        args[nestedIn] = copy;
        return { args, mutation: { kind, path: [nestedIn, name] } };
      }
      setOwn(args, name, polluted);
      return { args, mutation: { kind, path: [name] } };
    }
    case 'huge-value': {
      if (target === undefined) break;
      args[target] = HUGE_VALUES[pick % HUGE_VALUES.length];
      return { args, mutation: { kind, path: [target] } };
    }
    case 'non-json-value': {
      const values = nonJsonValues();
      const name = target ?? 'anything';
      args[name] = values[pick % values.length];
      return { args, mutation: { kind, path: [name] } };
    }
    case 'deep-nesting': {
      const name = target ?? 'anything';
      args[name] = deeplyNested(33 + (pick % 200));
      return { args, mutation: { kind, path: [name] } };
    }
    case 'past-a-bound': {
      const name = names.find(
        (candidate, index) =>
          index >= pick % Math.max(1, names.length) &&
          pastABound(properties[candidate] ?? {}, args[candidate], pick) !== undefined,
      );
      if (name === undefined) break;
      args[name] = pastABound(properties[name] ?? {}, args[name], pick);
      return { args, mutation: { kind, path: [name] } };
    }
    case 'not-an-object': {
      const wholes: unknown[] = [
        'not JSON at all',
        '{"broken": ',
        [valid],
        42,
        true,
        Symbol('arguments'),
        HOSTILE_STRINGS[pick % HOSTILE_STRINGS.length],
      ];
      const whole = wholes[pick % wholes.length];
      // JSON text of an object is read as the object: it may pass, or fail on a field inside it.
      const readAsObject = typeof whole === 'string' && whole.trim().startsWith('{');
      return { args: whole, mutation: readAsObject ? { kind } : { kind, path: [] } };
    }
    case 'unknown-name':
      break;
  }
  // An unknown name: the one break every operation can take.
  let name = pick % 3 === 0 ? word : (HOSTILE_NAMES[pick % HOSTILE_NAMES.length] as string);
  while (name in properties || PROTOTYPE_NAMES.includes(name)) name = `${name}_`;
  setOwn(args, name, pick % 2 === 0 ? 'surprise' : { deeper: [1, 2, 3] });
  return { args, mutation: { kind: 'unknown-name', path: [name] } };
}

/**
 * Arguments for an operation with this input schema: about a third valid (by generation; a
 * validator decides), the rest broken in one place each.
 */
export function argumentCases(schema: JsonSchema): fc.Arbitrary<ArgumentCase> {
  const valid = schemaArbitrary(schema).map((value) => (isRecord(value) ? value : {}));
  const broken = fc
    .tuple(
      valid,
      fc.constantFrom(...MUTATIONS),
      fc.nat(),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    )
    .map(([args, kind, pick, word]) => mutate(schema, args, kind, pick, word));
  return fc.oneof(
    { weight: 1, arbitrary: valid.map((args): ArgumentCase => ({ args })) },
    { weight: 2, arbitrary: broken },
  );
}
