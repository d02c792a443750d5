/**
 * Validation without code generation (workerd, edge runtimes forbid it): the interpreter refuses and
 * accepts exactly what Ajv's compiled validators do, with the same problems in the same words, on
 * every operation of the emulator and of the real-world fixtures; and a schema that cannot be
 * checked is never blamed on the arguments.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchemaUnusableError } from '../../src/calls/index.js';
import type { Operation } from '../../src/discovery/types.js';
import { createArgumentValidator, validateArguments } from '../../src/schema/index.js';
import { errorResult } from '../../src/tools/error-result.js';
import { compileWithAjv } from './support/ajv-compiler.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';
import { validSample } from './support/valid-sample.js';

let sets: OperationSet[];
beforeAll(async () => {
  sets = [await emulatorOperations(), await fixtureOperations()];
});

type Json = Record<string, unknown>;

/** A value from `valid` with one field broken in a way a model might break it. */
function variants(operation: Operation, seed: number): unknown[] {
  const valid = validSample(operation.input.schema) as Json;
  const names = Object.keys((operation.input.schema.properties ?? {}) as Json);
  const odd = fc.sample(
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom('', 'not-a-date', '-1', 'x'.repeat(300), 1e21, -0.5, 2.5, [], {}, [1, 1]),
    ),
    { seed, numRuns: 12 },
  );
  const broken: unknown[] = [valid, {}, { ...valid, unknown_field: 1 }];
  odd.forEach((value, index) => {
    const name = names[index % Math.max(1, names.length)];
    if (name !== undefined) broken.push({ ...valid, [name]: value });
    const other = names[(index * 7 + 3) % Math.max(1, names.length)];
    if (name !== undefined && other !== undefined) {
      const { [other]: _dropped, ...rest } = valid;
      broken.push({ ...rest, [name]: value });
    }
  });
  return broken;
}

describe('the interpreting validator', () => {
  it('gives the same verdict and the same problems as Ajv on every operation', () => {
    const differences: string[] = [];
    let compared = 0;
    for (const { label, operations } of sets)
      operations.forEach((operation, index) => {
        const compiled = createArgumentValidator(operation.input.schema, { compileSchema: compileWithAjv });
        const interpreted = createArgumentValidator(operation.input.schema);
        for (const input of variants(operation, 1_000 + index)) {
          compared += 1;
          const [expected, actual] = [compiled(input), interpreted(input)];
          if (JSON.stringify(expected) !== JSON.stringify(actual))
            differences.push(
              `${label} ${operation.id} ${JSON.stringify(input).slice(0, 120)}\n  ajv:       ${JSON.stringify(expected).slice(0, 400)}\n  cfworker:  ${JSON.stringify(actual).slice(0, 400)}`,
            );
        }
      });
    expect(compared).toBeGreaterThan(3_000);
    expect(differences.slice(0, 10).join('\n')).toBe('');
  });

  it('words the problems of every keyword as Ajv does', () => {
    const schema = {
      type: 'object',
      required: ['prompt'],
      additionalProperties: false,
      properties: {
        prompt: { type: 'string', minLength: 2, description: 'What to draw.' },
        count: { type: 'integer', minimum: 1, maximum: 4 },
        step: { type: 'number', multipleOf: 0.5 },
        style: { enum: ['photo', 'anime'] },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 3 },
        when: { type: 'string', format: 'date-time' },
        size: {
          oneOf: [
            {
              title: 'square',
              type: 'object',
              required: ['side'],
              properties: { side: { type: 'integer' } },
            },
            {
              title: 'box',
              type: 'object',
              required: ['width', 'height'],
              properties: { width: { type: 'integer' }, height: { type: 'integer' } },
            },
          ],
        },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        options: { type: 'object', minProperties: 1, dependentRequired: { seed: ['sampler'] } },
        forbidden: false,
      },
    };
    const inputs = [
      { count: 9, step: 0.3, style: 'oil', tags: ['a', 'a', 'b', 'c'], when: 'yesterday' },
      { prompt: 'ok', size: { side: 2, width: 1, height: 1 }, either: true, options: {} },
      { prompt: 'ok', size: { width: 1 }, options: { seed: 1 }, forbidden: 1, extra: 2 },
    ];
    for (const input of inputs) {
      const compiled = validateArguments(schema, input, { compileSchema: compileWithAjv });
      expect(compiled.ok).toBe(false);
      expect(validateArguments(schema, input)).toEqual(compiled);
    }
  });
});

describe('a schema the validator cannot run', () => {
  const schema = { type: 'object', properties: { a: { $ref: '#/nowhere' } } };

  it.each([
    ['interpreted', {}],
    ['compiled by Ajv', { compileSchema: compileWithAjv }],
  ] as const)('blames the schema, not the arguments (%s)', (_engine, options) => {
    const result = validateArguments(schema, { a: 1 }, options);
    expect(result).toMatchObject({ ok: false, schemaUnusable: true });
    expect(result.ok ? '' : result.message).toMatch(/input schema is unusable/);
  });

  it('reaches a model as schema_unusable, not to be retried, never invalid_arguments', () => {
    const failure = errorResult(new SchemaUnusableError('op', 'this tool cannot be called'));
    expect(failure).toMatchObject({ code: 'schema_unusable', retryable: false });
    expect(failure.hint).toMatch(/Do not retry/);
  });
});
