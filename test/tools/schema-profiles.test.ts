import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/discovery/types.js';
import { createArgumentValidator } from '../../src/schema/index.js';
import { profileProblems, SCHEMA_PROFILES, type SchemaProfile, toProfile } from '../../src/tools/index.js';
import { asModelWouldWrite } from './support/model-style-arguments.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';
import { validSample } from './support/valid-sample.js';

let sets: OperationSet[];
beforeAll(async () => {
  sets = [await emulatorOperations(), await fixtureOperations()];
});

// Compiling is what is checked; unoptimised code compiles twice as fast.
const ajv = new Ajv2020({ strict: false, logger: false, code: { optimize: false } });

describe.each(SCHEMA_PROFILES)(
  'the %s profile, for every operation of the emulator and of the real fixtures',
  (profile) => {
    it("passes the family's rules and compiles with Ajv (JSON Schema 2020-12)", () => {
      const failures: string[] = [];
      let checked = 0;
      for (const { label, operations } of sets)
        for (const operation of operations) {
          const { schema } = toProfile(operation.input.schema, profile);
          const problems = profileProblems(schema, profile);
          try {
            ajv.compile(schema);
          } catch (error) {
            problems.push(`does not compile: ${(error as Error).message}`);
          } finally {
            // Ajv keeps every compiled schema; 964 of them slow it down for nothing.
            ajv.removeSchema(schema);
          }
          for (const problem of problems) failures.push(`${label} ${operation.id}: ${problem}`);
          checked += 1;
        }
      expect(checked).toBe(241);
      expect(failures).toEqual([]);
    });

    it('restores what a model writes against it to arguments the canonical schema accepts', () => {
      const failures: string[] = [];
      for (const { label, operations } of sets)
        for (const operation of operations) {
          const canonical = operation.input.schema;
          const { schema, restore } = toProfile(canonical, profile);
          const written = asModelWouldWrite(validSample(canonical), schema);
          const result = createArgumentValidator(canonical)(restore(written));
          if (!result.ok) failures.push(`${label} ${operation.id}: ${result.message}`);
        }
      expect(failures).toEqual([]);
    });

    it('is pure: the same schema gives the same result, and the canonical schema is left as it was', () => {
      for (const { operations } of sets)
        for (const operation of operations) {
          const before = JSON.stringify(operation.input.schema);
          const first = toProfile(operation.input.schema, profile).schema;
          expect(toProfile(operation.input.schema, profile).schema).toEqual(first);
          expect(JSON.stringify(operation.input.schema)).toBe(before);
        }
    });
  },
);

describe('openai-strict', () => {
  const canonical: JsonSchema = {
    type: 'object',
    properties: {
      prompt: { type: 'string', minLength: 1, maxLength: 4000, description: 'What to draw.' },
      width: { type: 'integer', minimum: 256, maximum: 1536, default: 512 },
      webhook: { type: ['string', 'null'], format: 'uri' },
      style: { type: 'string', enum: ['photo', 'anime'] },
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
      id: { type: ['integer', 'string'], minimum: 1, pattern: '^-?[0-9]+$' },
    },
    required: ['prompt'],
  };

  it('requires every property, makes the optional ones nullable, and closes every object', () => {
    const { schema } = toProfile(canonical, 'openai-strict');
    expect(schema.required).toEqual(['prompt', 'width', 'webhook', 'style', 'metadata', 'id']);
    expect(schema.additionalProperties).toBe(false);
    const properties = schema.properties as Record<string, JsonSchema>;
    expect(properties.prompt).toEqual({
      type: 'string',
      description: 'What to draw. From 1 to 4000 characters.',
    });
    expect(properties.width).toMatchObject({ type: ['integer', 'null'], minimum: 256, maximum: 1536 });
    expect(properties.width?.description).toBe('Default: 512.');
    expect(properties.style).toMatchObject({ type: ['string', 'null'], enum: ['photo', 'anime', null] });
    expect(properties.webhook).toEqual({ type: ['string', 'null'], description: 'A URL.' });
    expect(properties.id).toEqual({
      anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^-?[0-9]+$' }, { type: 'null' }],
    });
    expect(properties.metadata).toEqual({
      type: ['string', 'null'],
      description: 'A JSON object, written as JSON text.',
    });
    expect(profileProblems(schema, 'openai-strict')).toEqual([]);
  });

  it('restores: nulls of optional fields left out, JSON text parsed, the rest untouched', () => {
    const { restore } = toProfile(canonical, 'openai-strict');
    expect(
      restore({ prompt: 'a cat', width: null, webhook: null, style: 'anime', metadata: '{"a":"b"}', id: 7 }),
    ).toEqual({ prompt: 'a cat', style: 'anime', metadata: { a: 'b' }, id: 7 });
    expect(restore({ prompt: null })).toEqual({ prompt: null });
    expect(restore('not an object')).toBe('not an object');
  });

  it('folds the alternatives of the root into the description, since the root must be a plain object', () => {
    const songGenerator = sets[1]?.operations.find((operation) => operation.id === 'v6_voice_song_generator');
    const { schema } = toProfile(songGenerator?.input.schema ?? {}, 'openai-strict');
    expect(schema.oneOf).toBeUndefined();
    expect(schema.description).toContain(
      'Use exactly one of these ways: Auto-generate lyrics (lyrics_generation = true; needs prompt, caption); Manual lyrics (lyrics_generation = false)',
    );
  });
});

describe('gemini', () => {
  it('chooses one branch of a union, deterministically, and says so in the property description', () => {
    const messages = sets[0]?.operations.find((operation) => operation.id === 'v7_llm_v1_messages');
    const { schema } = toProfile(messages?.input.schema ?? {}, 'gemini');
    const items = ((schema.properties as Record<string, JsonSchema>).messages?.items ?? {}) as JsonSchema;
    const content = (items.properties as Record<string, JsonSchema>).content;
    expect(content?.type).toBe('string');
    expect(content?.description).toMatch(/Given here as a string; the service also accepts an array\.$/);
  });

  it('gives a digits-only id union as an integer, and a free id union as a string', () => {
    const byId = (id: string) =>
      sets[0]?.operations.find((operation) => operation.id === id)?.input.schema ?? {};
    const v6 = (toProfile(byId('v6_3d_fetch_id'), 'gemini').schema.properties as Record<string, JsonSchema>)
      .id;
    const v7 = (
      toProfile(byId('v7_images_fetch_id'), 'gemini').schema.properties as Record<string, JsonSchema>
    ).id;
    expect(v6).toMatchObject({ type: 'integer', minimum: 1 });
    expect(v7).toMatchObject({ type: 'string', minLength: 1 });
  });

  it('spells number enums and constants as strings and restores them, renames names Gemini refuses', () => {
    const canonical: JsonSchema = {
      type: 'object',
      properties: {
        scale: { type: 'integer', enum: [2, 3, 4] },
        kind: { const: 'text' },
        'anthropic-version': { type: 'string' },
        note: { type: ['string', 'null'] },
        flag: { enum: [true] },
      },
      required: ['scale', 'anthropic-version'],
      additionalProperties: false,
    };
    const { schema, restore } = toProfile(canonical, 'gemini');
    expect(schema).toEqual({
      type: 'object',
      properties: {
        scale: { type: 'string', enum: ['2', '3', '4'] },
        kind: { type: 'string', enum: ['text'] },
        anthropic_version: { type: 'string' },
        note: { type: ['string', 'null'] },
        flag: { type: 'boolean', description: 'Must be true.' },
      },
      required: ['scale', 'anthropic_version'],
    });
    expect(restore({ scale: '3', kind: 'text', anthropic_version: '2023-06-01', note: null })).toEqual({
      scale: 3,
      kind: 'text',
      'anthropic-version': '2023-06-01',
      note: null,
    });
  });
});

describe('anthropic and default', () => {
  it('keeps the canonical schema, cleaned; anthropic also folds the root alternatives', () => {
    const canonical: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      'x-internal': true,
      properties: {
        a: { type: 'string', title: 'A', description: 'The a.', examples: ['x'.repeat(500), 'short'] },
      },
      anyOf: [{ required: ['a'] }, { properties: { b: { type: 'integer' } }, required: ['b'] }],
    };
    const cleaned = toProfile(canonical, 'default').schema;
    expect(cleaned).toEqual({
      type: 'object',
      properties: { a: { type: 'string', description: 'The a.', examples: ['short'] } },
      anyOf: [{ required: ['a'] }, { properties: { b: { type: 'integer' } }, required: ['b'] }],
    });
    const anthropic = toProfile(canonical, 'anthropic').schema;
    expect(anthropic.anyOf).toBeUndefined();
    expect(anthropic.properties).toHaveProperty('b');
    expect(anthropic.description).toBe('Use at least one of these ways: way 1 (needs a); way 2 (needs b).');
    expect(profileProblems(anthropic, 'anthropic')).toEqual([]);
    expect(profileProblems(cleaned, 'anthropic')).toEqual(['the root must not use anyOf']);
  });
});

describe('the checkers', () => {
  it.each<[SchemaProfile, JsonSchema, RegExp]>([
    [
      'openai-strict',
      { type: 'object', properties: { a: { type: 'string' } } },
      /additionalProperties must be false/,
    ],
    [
      'openai-strict',
      {
        type: 'object',
        properties: { a: { type: 'string', minLength: 1 } },
        required: ['a'],
        additionalProperties: false,
      },
      /minLength is not supported/,
    ],
    [
      'openai-strict',
      {
        type: 'object',
        properties: { a: { type: 'string', format: 'uri' } },
        required: ['a'],
        additionalProperties: false,
      },
      /format uri/,
    ],
    ['openai-strict', { anyOf: [{ type: 'object' }] }, /root must not be an anyOf/],
    [
      'gemini',
      { type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } },
      /oneOf is not supported/,
    ],
    [
      'gemini',
      { type: 'object', properties: { a: { type: 'integer', enum: [1, 2] } } },
      /enum is only allowed on strings/,
    ],
    ['gemini', { type: 'object', properties: { a: { type: ['string', 'integer'] } } }, /type must be one of/],
    ['gemini', { type: 'object', properties: { a: { type: 'string', nullable: true } } }, /keyword nullable/],
    ['gemini', { type: 'object', properties: { 'a-b': { type: 'string' } } }, /property name a-b/],
    [
      'gemini',
      { type: 'object', properties: { a: { type: 'string', const: 'x' } } },
      /const is not supported/,
    ],
    ['anthropic', { type: 'object', oneOf: [{}] }, /root must not use oneOf/],
    ['anthropic', { type: 'string' }, /root must be of type object/],
    ['default', { $schema: 'x', type: 'object' }, /\$schema should have been cleaned/],
  ])('%s refuses what its family refuses', (profile, schema, expected) => {
    expect(profileProblems(schema, profile).join('\n')).toMatch(expected);
  });
});

describe('odd and hostile canonical schemas', () => {
  let deep: JsonSchema = { type: 'object', properties: { leaf: { type: 'string' } }, required: ['leaf'] };
  for (let level = 0; level < 14; level += 1)
    deep = { type: 'object', properties: { child: deep }, required: ['child'] };
  const odd: Record<string, JsonSchema> = {
    recursive: {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' } },
      $defs: {
        node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
        },
      },
    },
    'boolean subschemas': { type: 'object', properties: { anything: true, nothing: false } },
    'free-form': {
      type: 'object',
      properties: {
        meta: { type: 'object' },
        tags: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    'type unions with enums': {
      type: 'object',
      properties: {
        mode: { type: ['string', 'integer', 'null'], enum: ['auto', 1, 2, null] },
        none: { type: ['integer', 'boolean'], enum: ['x'] },
      },
    },
    'allOf and tuples': {
      type: 'object',
      properties: {
        both: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { properties: { b: { type: 'integer' } }, required: ['b'] },
          ],
        },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
        untyped: {},
      },
    },
    'union of objects': {
      type: 'object',
      properties: {
        source: {
          oneOf: [
            { type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] },
            { type: 'object', properties: { base64: { type: 'string' } }, required: ['base64'] },
          ],
        },
      },
    },
    'deep nesting': deep,
    'not an object at the root': { type: 'string' },
    empty: {},
    'odd names and patterns': {
      type: 'object',
      properties: {
        'x-weird name': { type: 'string', pattern: '^(?=a)a+$' },
        '': { type: 'integer', format: 'int64' },
      },
      required: ['x-weird name'],
    },
  };

  it.each(Object.entries(odd))(
    'shapes "%s" for every family, within its rules and restorably',
    (_label, canonical) => {
      for (const profile of SCHEMA_PROFILES) {
        const { schema, restore } = toProfile(canonical, profile);
        expect(profileProblems(schema, profile)).toEqual([]);
        expect(() => ajv.compile(schema)).not.toThrow();
        ajv.removeSchema(schema);
        expect(() =>
          restore({ a: 1, tree: '{"name":"x"}', source: { url: 'https://a.test' } }),
        ).not.toThrow();
        expect(restore(undefined)).toBeUndefined();
      }
    },
  );

  it('gives a recursive schema to Gemini and OpenAI as JSON text where it recurses, and restores it', () => {
    const { schema, restore } = toProfile(odd.recursive as JsonSchema, 'gemini');
    const tree = (schema.properties as Record<string, JsonSchema>).tree as JsonSchema;
    const children = (tree.properties as Record<string, JsonSchema>).children as JsonSchema;
    expect(children.items).toMatchObject({ type: 'string' });
    expect(restore({ tree: { name: 'root', children: ['{"name":"leaf"}'] } })).toEqual({
      tree: { name: 'root', children: [{ name: 'leaf' }] },
    });
    const validate = createArgumentValidator(odd.recursive as JsonSchema);
    expect(validate(restore({ tree: { name: 'root', children: ['{"name":"leaf"}'] } })).ok).toBe(true);
  });

  it('asks OpenAI for an object nested deeper than ten levels as JSON text', () => {
    const { schema } = toProfile(odd['deep nesting'] as JsonSchema, 'openai-strict');
    expect(JSON.stringify(schema)).toContain('A JSON object, written as JSON text.');
  });
});
