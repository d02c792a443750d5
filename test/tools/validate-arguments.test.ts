import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema, Operation } from '../../src/discovery/types.js';
import { createArgumentValidator, validateArguments } from '../../src/schema/index.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';
import { validSample } from './support/valid-sample.js';

let sets: OperationSet[];
beforeAll(async () => {
  sets = [await emulatorOperations(), await fixtureOperations()];
});

type Json = Record<string, unknown>;
const propertiesOf = (operation: Operation) =>
  (operation.input.schema.properties ?? {}) as Record<string, Json>;
const requiredOf = (operation: Operation) => (operation.input.schema.required ?? []) as string[];

/** Runs `check` on every operation of both sets; returns what failed, one line each. */
function everyOperation(check: (operation: Operation) => string | undefined): string[] {
  const failures: string[] = [];
  for (const { label, operations } of sets)
    for (const operation of operations) {
      const failure = check(operation);
      if (failure) failures.push(`${label} ${operation.id}: ${failure}`);
    }
  return failures;
}

function refusal(operation: Operation, args: unknown): { message: string; fields: string[] } | undefined {
  const result = createArgumentValidator(operation.input.schema)(args);
  return result.ok
    ? undefined
    : { message: result.message, fields: result.problems.map((problem) => problem.field) };
}

describe('createArgumentValidator() on every operation of the emulator and of the real fixtures', () => {
  it('accepts a valid sample input and gives it back', () => {
    const failures = everyOperation((operation) => {
      const sample = validSample(operation.input.schema);
      const result = createArgumentValidator(operation.input.schema)(sample);
      if (!result.ok) return result.message;
      return JSON.stringify(result.value) === JSON.stringify(sample) ? undefined : 'the value changed';
    });
    expect(failures).toEqual([]);
  });

  it('refuses a missing required field, naming it', () => {
    let checked = 0;
    const failures = everyOperation((operation) => {
      const [first] = requiredOf(operation).filter((name) => name in propertiesOf(operation));
      if (!first) return undefined;
      checked += 1;
      const sample = validSample(operation.input.schema) as Json;
      delete sample[first];
      const refused = refusal(operation, sample);
      if (!refused) return `accepted without ${first}`;
      return refused.fields.includes(first) && refused.message.includes(`${first} is required`)
        ? undefined
        : refused.message;
    });
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it('refuses a value of the wrong type that cannot be converted, naming the field', () => {
    let checked = 0;
    const failures = everyOperation((operation) => {
      const entry = Object.entries(propertiesOf(operation)).find(([, schema]) =>
        ['string', 'integer', 'number', 'boolean'].includes(schema.type as string),
      );
      if (!entry) return undefined;
      checked += 1;
      const [name, schema] = entry;
      const wrong =
        schema.type === 'string' ? { not: 'a string' } : schema.type === 'boolean' ? 'perhaps' : 'wide';
      const refused = refusal(operation, { ...(validSample(operation.input.schema) as Json), [name]: wrong });
      if (!refused) return `accepted ${name} = ${JSON.stringify(wrong)}`;
      return refused.fields.includes(name) && refused.message.includes(`${name} must be`)
        ? undefined
        : refused.message;
    });
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(180);
  });

  it('refuses a field the operation does not have, naming it', () => {
    const failures = everyOperation((operation) => {
      const refused = refusal(operation, {
        ...(validSample(operation.input.schema) as Json),
        colour_scheme: 'dark',
      });
      if (!refused) return 'accepted an unknown field';
      return refused.fields.includes('colour_scheme') &&
        refused.message.includes('colour_scheme is not a field of this tool')
        ? undefined
        : refused.message;
    });
    expect(failures).toEqual([]);
  });

  it('refuses a string over its maximum length, naming the field', () => {
    let checked = 0;
    const failures = everyOperation((operation) => {
      const entry = Object.entries(propertiesOf(operation)).find(
        ([, schema]) => typeof schema.maxLength === 'number' && !('enum' in schema) && !('pattern' in schema),
      );
      if (!entry) return undefined;
      checked += 1;
      const [name, schema] = entry;
      const huge = 'x'.repeat((schema.maxLength as number) + 1);
      const refused = refusal(operation, { ...(validSample(operation.input.schema) as Json), [name]: huge });
      if (!refused) return `accepted ${huge.length} characters in ${name}`;
      return refused.fields.includes(name) &&
        new RegExp(`${name} must be [^;]*${schema.maxLength} characters`).test(refused.message)
        ? undefined
        : refused.message;
    });
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses __proto__ and never pollutes a prototype', () => {
    const failures = everyOperation((operation) => {
      const hostile = JSON.parse(
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
      );
      const refused = refusal(operation, { ...(validSample(operation.input.schema) as Json), ...hostile });
      if (!refused) return 'accepted __proto__';
      return refused.fields.includes('__proto__') && refused.fields.includes('constructor')
        ? undefined
        : refused.message;
    });
    expect(failures).toEqual([]);
    expect(({} as Json).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('never throws, whatever it is given', () => {
    const cyclic: Json = { prompt: 'a' };
    cyclic.self = cyclic;
    let deep: unknown = 'bottom';
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    const throwing = Object.defineProperty({}, 'prompt', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const inputs: unknown[] = [
      undefined,
      null,
      [],
      'text',
      '{"not json',
      42,
      Number.NaN,
      true,
      10n,
      Symbol('s'),
      () => 1,
      new Date(0),
      new Map(),
      cyclic,
      { prompt: deep },
      throwing,
      { prompt: 'x'.repeat(2_000_000) },
      { [Symbol('key')]: 1, prompt: 'a' },
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
      JSON.parse('{"__proto__": null}'),
    ];
    for (const { operations } of sets)
      for (const operation of operations.slice(0, 40)) {
        const validate = createArgumentValidator(operation.input.schema);
        for (const input of inputs) {
          const result = validate(input);
          if (!result.ok)
            expect(result.message).toMatch(
              /^Invalid arguments, so nothing was sent: .+ call the tool again\.$/,
            );
        }
      }
  });
});

describe('createArgumentValidator() conversions and messages', () => {
  const byId = (id: string, set = 0) =>
    sets[set]?.operations.find((operation) => operation.id === id) as Operation;

  it('writes one paragraph a model can act on, naming every field', () => {
    const result = validateArguments(byId('v7_images_text_to_image').input.schema, {
      model_id: 'flux',
      width: 'wide',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(
      "Invalid arguments, so nothing was sent: prompt is required: Text description of what to generate (a string of 1 to 4000 characters); width must be an integer from 256 to 1536, got 'wide'. Fix them and call the tool again.",
    );
    expect(result.problems).toEqual([
      {
        field: 'prompt',
        expected: 'a string of 1 to 4000 characters',
        received: 'nothing',
        message:
          'prompt is required: Text description of what to generate (a string of 1 to 4000 characters)',
      },
      {
        field: 'width',
        expected: 'an integer from 256 to 1536',
        received: "'wide'",
        message: "width must be an integer from 256 to 1536, got 'wide'",
      },
    ]);
  });

  it('suggests the closest field for a misspelt one', () => {
    const result = validateArguments(byId('v7_images_text_to_image').input.schema, {
      model_id: 'm',
      prompt: 'a',
      widht: 512,
    });
    expect(result.ok ? '' : result.message).toContain(
      'widht is not a field of this tool; did you mean width?',
    );
  });

  it('converts what the service expects: yes/no flags, numbers from text, text from numbers', () => {
    const text2img = byId('v6_images_text2img').input.schema;
    const result = validateArguments(text2img, {
      prompt: 'a cat',
      safety_checker: true,
      enhance_prompt: 'false',
      width: '512',
    });
    expect(result).toEqual({
      ok: true,
      value: { prompt: 'a cat', safety_checker: 'yes', enhance_prompt: 'no', width: 512 },
    });
    const fetch = validateArguments(byId('v7_images_fetch_id').input.schema, { id: 12345 });
    expect(fetch).toEqual({ ok: true, value: { id: 12345 } });
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        seed: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        scale: { type: 'integer', enum: [2, 3] },
      },
    };
    expect(validateArguments(schema, { seed: 42, tags: 'cats', scale: '3' })).toEqual({
      ok: true,
      value: { seed: '42', tags: ['cats'], scale: 3 },
    });
    expect(validateArguments(schema, { seed: undefined, scale: '2.5' }).ok).toBe(false);
  });

  it('reads no arguments as an empty object, and JSON text as what it says', () => {
    const balance = byId('get_wallet_balance').input.schema;
    expect(validateArguments(balance, undefined)).toEqual({ ok: true, value: {} });
    expect(validateArguments(balance, null)).toEqual({ ok: true, value: {} });
    const login = byId('post_auth_login').input.schema;
    expect(validateArguments(login, '{"email":"a@example.com","password":"pw"}')).toEqual({
      ok: true,
      value: { email: 'a@example.com', password: 'pw' },
    });
    expect(
      validateArguments(balance, { extra: 1 }).ok ? '' : validateArguments(balance, { extra: 1 }).ok,
    ).toBe(false);
  });

  it('explains alternatives at the root in terms of what each is missing', () => {
    const songGenerator = byId('v6_voice_song_generator', 1).input.schema;
    const result = validateArguments(songGenerator, { lyrics_generation: true });
    expect(result.ok ? '' : result.message).toContain(
      'the arguments must match exactly one of these forms: Auto-generate lyrics (prompt is required, caption is required); Manual lyrics (lyrics_generation must be exactly false, got true)',
    );
  });

  it('checks formats: a URL must be a URL', () => {
    const result = validateArguments(byId('v7_images_text_to_image').input.schema, {
      model_id: 'm',
      prompt: 'a',
      webhook: 'not a url',
    });
    expect(result.ok ? '' : result.message).toContain("webhook must be a URL or null, got 'not a url'");
  });

  it('can drop unknown top-level arguments instead of refusing them', () => {
    const result = validateArguments(
      byId('get_wallet_balance').input.schema,
      { extra: 1 },
      { unknownArguments: 'drop' },
    );
    expect(result).toEqual({ ok: true, value: {} });
  });

  it('refuses strings longer than the global cap even where the schema sets none', () => {
    const schema: JsonSchema = { type: 'object', properties: { blob: { type: 'string' } } };
    const result = validateArguments(schema, { blob: 'x'.repeat(101) }, { maxStringLength: 100 });
    expect(result.ok ? '' : result.message).toContain('blob is too long: 101 characters, at most 100');
  });

  it('refuses every call, with a reason, when the schema itself cannot be compiled', () => {
    const result = validateArguments({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }, { a: 1 });
    expect(result.ok ? '' : result.message).toMatch(
      /this tool cannot be called: its input schema is unusable/,
    );
  });
});

describe('values too large to check', () => {
  it('refuses an 8 MB string against a pattern instead of crashing the caller', () => {
    const schema = {
      type: 'object',
      properties: { data: { type: 'string', pattern: '^[A-Za-z0-9+/]{4,}={0,2}$' } },
    };
    const result = validateArguments(schema, { data: `${'A'.repeat(8_000_000)}!` });
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.message).toMatch(/too large or too complex to check/);
  });
});
