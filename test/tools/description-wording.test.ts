import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema, Operation } from '../../src/discovery/types.js';
import { cutAtWord } from '../../src/schema/cut-at-word.js';
import { describeTool, SCHEMA_PROFILES, toProfile } from '../../src/tools/index.js';
import { emulatorOperations, fixtureOperations } from './support/tool-operations.js';

const objectWith = (property: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { field: property },
  required: ['field'],
});
const descriptionOf = (schema: JsonSchema): string =>
  ((schema.properties as Record<string, JsonSchema>).field?.description as string | undefined) ?? '';

/** Every description in a schema, nested ones included. */
function descriptions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(descriptions);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    key === 'description' && typeof value === 'string' ? [value] : descriptions(value),
  );
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).map((sentence) => sentence.toLowerCase());

describe('descriptions are written for people', () => {
  it('cuts at a word with an ellipsis', () => {
    expect(cutAtWord('missing fingers, extra limbs, blurry', 20)).toBe('missing fingers…');
    expect(cutAtWord('short', 20)).toBe('short');
    expect(cutAtWord('Supercalifragilisticexpialidocious', 10)).toBe('Supercali…');
  });

  it('cuts a long default value at a word and says its length', () => {
    const fallback = `missing fingers, ${'extra limbs, '.repeat(14)}blurry`;
    const profiled = toProfile(objectWith({ type: 'string', default: fallback }), 'openai-strict');
    const note = /Default: (.*)\.$/.exec(descriptionOf(profiled.schema))?.[1] ?? '';
    expect(note).toMatch(/^'missing fingers, extra limbs,?( extra limbs,?)*… \(\d+ characters\)$/);
  });

  it('says "exactly" for equal bounds and does not repeat a bound the description states', () => {
    const code = toProfile(objectWith({ type: 'string', minLength: 2, maxLength: 2 }), 'openai-strict');
    expect(descriptionOf(code.schema)).toBe('Exactly 2 characters.');
    const password = toProfile(
      objectWith({
        type: 'string',
        description: 'Password, at least 8 characters.',
        minLength: 8,
        maxLength: 128,
      }),
      'openai-strict',
    );
    expect(descriptionOf(password.schema)).toBe('Password, at least 8 characters. At most 128 characters.');
  });

  it('never says a sentence twice in a tool description', () => {
    const operation = {
      id: 'get_status',
      summary: 'Read the status.',
      description: 'Read the status. Read the status. Answers quickly.',
      effect: 'read',
      method: 'GET',
      path: '/status',
      tags: [],
      isFetch: false,
      input: { schema: { type: 'object', properties: {} }, locations: {} },
    } as unknown as Operation;
    expect(describeTool(operation)).toMatch(/^Read the status\. Answers quickly\. Read-only\./);
  });
});

describe('descriptions of every operation of the emulator and of the real fixtures, in every profile', () => {
  let operations: Operation[];
  beforeAll(async () => {
    operations = [...(await emulatorOperations()).operations, ...(await fixtureOperations()).operations];
  });

  it('cuts a short tool description after a whole word of the full one', () => {
    for (const operation of operations) {
      const full = describeTool(operation, { maxLength: 100_000 });
      const short = describeTool(operation, { maxLength: 120 });
      const cut = /(\S+)…$/.exec(short)?.[1];
      if (cut === undefined) continue;
      const word = cut.replace(/^\W+/, '');
      expect(
        new RegExp(`(^|\\W)${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\W|$)`).test(full),
        `${operation.id}: ${short}`,
      ).toBe(true);
    }
  });

  it.each(SCHEMA_PROFILES)('%s: no "From N to N", no sentence said twice', (profile) => {
    for (const operation of operations) {
      const texts = [
        describeTool(operation),
        ...descriptions(toProfile(operation.input.schema, profile).schema),
      ];
      for (const text of texts) {
        expect(text, operation.id).not.toMatch(/\bFrom (-?[\d.]+) to \1\b/);
        const sentences = sentencesOf(text).filter((sentence) => sentence.length > 12);
        expect(new Set(sentences).size, `${operation.id}: ${text}`).toBe(sentences.length);
      }
    }
  });
});
