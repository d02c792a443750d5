import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationsCatalogue } from '../../../../test/support/fixtures.js';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import { getDocument, useEmulator } from './emulator-fixture.js';
import {
  compileFailures,
  deref,
  type Json,
  operationsOf,
  refsIn,
  resolvePointer,
} from './openapi-support.js';

const catalogue = operationsCatalogue().generation;
const emulator = useEmulator();
let document: Json;
const byId = new Map<string, { method: string; path: string; operation: Json }>();

beforeAll(async () => {
  const { response, text } = await getDocument(emulator.current, '/openapi.json');
  expect(response.status).toBe(200);
  document = JSON.parse(text) as Json;
  for (const entry of operationsOf(document)) byId.set(String(entry.operation.operationId), entry);
});

const operation = (operationId: string) => {
  const found = byId.get(operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found.operation;
};
const okSchema = (operationId: string) =>
  ((operation(operationId).responses as Json)['200'] as Json).content as Record<string, { schema: Json }>;

describe('GET /openapi.json', () => {
  it('passes the OpenAPI 3.1 validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes exactly the 133 operations of operations.json, with unique operationIds and full paths', () => {
    const ours = operationsOf(document).map(
      (entry) => `${entry.method} ${entry.path} ${entry.operation.operationId}`,
    );
    const theirs = catalogue.map((entry) => `${entry.method} ${entry.path} ${entry.operationId}`);
    expect(ours).toHaveLength(133);
    expect(new Set(byId.keys()).size).toBe(133);
    expect(ours.sort()).toEqual(theirs.sort());
  });

  it('serves on the origin the client used', () => {
    expect(document.servers).toEqual([{ url: emulator.current.url, description: expect.any(String) }]);
  });

  it('tags each operation with its category, and declares every tag', () => {
    const declared = new Set((document.tags as Json[]).map((tag) => tag.name));
    for (const entry of catalogue) {
      expect(operation(entry.operationId).tags).toEqual([entry.category]);
      expect(declared.has(entry.category)).toBe(true);
    }
  });

  it('gives every operation its summary and a description that says mode, price and authentication', () => {
    for (const entry of catalogue) {
      const described = operation(entry.operationId);
      expect(described.summary).toBe(entry.summary);
      const text = String(described.description);
      expect(text).toMatch(/Price: /);
      expect(text).toMatch(/Authentication: /);
      if (entry.mode === 'sync') expect(text).toContain('Synchronous');
      if (entry.mode === 'async') expect(text).toContain('Asynchronous');
    }
    expect(String(operation('v6_video_text2video').description)).toContain(
      'Typical duration: 30-120 seconds',
    );
    expect(String(operation('v6_voice_text_to_audio').description)).toContain(
      'Typical duration: 3-8 seconds',
    );
    expect(String(operation('v8_3d_text_to_3d').description)).toContain('Typical duration: 1-3 minutes');
    expect(String(operation('v8_training_create').description)).toContain('minutes');
  });

  it('links every queued answer to the operation that fetches it, with the id wired by fetch style', () => {
    const pathToId = new Map(catalogue.map((entry) => [entry.path, entry.operationId]));
    const asynchronous = catalogue.filter((entry) => entry.mode === 'async' && entry.fetch);
    expect(asynchronous.length).toBeGreaterThan(80);
    for (const entry of asynchronous) {
      const fetcher = pathToId.get(entry.fetch as string) as string;
      const link = (((operation(entry.operationId).responses as Json)['200'] as Json).links as Json)
        .fetchResult as Json;
      expect(link.operationId, entry.operationId).toBe(fetcher);
      expect(String(operation(entry.operationId).description)).toContain(fetcher);
      if (entry.fetch === '/api/v6/images/fetch' || entry.fetch === '/api/v6/voice/fetch') {
        expect(link.requestBody).toEqual({ request_id: '{$response.body#/id}' });
      } else {
        const parameter = /\{([^}]+)\}/.exec(entry.fetch as string)?.[1] as string;
        expect(link.parameters).toEqual({ [parameter]: '$response.body#/id' });
      }
      const oneOf = okSchema(entry.operationId)['application/json']?.schema.oneOf as Json[];
      expect(oneOf).toContainEqual({ $ref: '#/components/schemas/Processing' });
      expect(oneOf).toContainEqual({ $ref: '#/components/schemas/GenerationError' });
    }
  });

  it('types path parameters by version: v6 {id} integer, v7/v8 {id} and {training_id} string', () => {
    for (const entry of catalogue) {
      for (const parameter of ((operation(entry.operationId).parameters ?? []) as Json[]).filter(
        (candidate) => candidate.in === 'path',
      )) {
        const type = (parameter.schema as Json).type;
        if (parameter.name === 'id' && entry.version === 'v6')
          expect(type, entry.operationId).toBe('integer');
        else expect(type, `${entry.operationId} ${parameter.name}`).toBe('string');
        expect(parameter.required).toBe(true);
      }
    }
    expect(operation('v6_training_fine_tune_status_training_id').parameters).toEqual([
      expect.objectContaining({ name: 'training_id', in: 'path', schema: { type: 'string', minLength: 1 } }),
    ]);
  });

  it('derives security from key placement and documents the body key where the body may carry it', () => {
    for (const generation of GENERATION_OPERATIONS) {
      const described = operation(generation.operationId);
      const expected = { bearer: [{ bearerAuth: [] }], both: [{ bearerAuth: [] }, {}], body: [] }[
        generation.keyPlacement
      ];
      expect(described.security, generation.operationId).toEqual(expected);
      const body = (described.requestBody as Json | undefined)?.content as
        | Record<string, { schema: Json }>
        | undefined;
      const properties = (body?.['application/json']?.schema.properties ?? {}) as Json;
      if (generation.method === 'POST')
        expect('key' in properties, generation.operationId).toBe(generation.keyPlacement !== 'bearer');
    }
    expect((document.components as Json).securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('marks a request body required exactly when it has required fields', () => {
    for (const entry of operationsOf(document)) {
      const body = entry.operation.requestBody as Json | undefined;
      if (!body) continue;
      const schema = (body.content as Record<string, { schema: Json }>)['application/json']?.schema as Json;
      expect(body.required).toBe(Array.isArray(schema.required) && schema.required.length > 0);
    }
    expect((operation('v7_images_text_to_image').requestBody as Json).required).toBe(true);
    expect(operation('v8_training').requestBody).toBeUndefined();
    expect(operation('v7_models').parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'category', in: 'query' })]),
    );
  });

  it('deprecates v6_video_scene_maker and no other operation', () => {
    const deprecated = operationsOf(document).filter((entry) => entry.operation.deprecated === true);
    expect(deprecated.map((entry) => entry.operation.operationId)).toEqual(['v6_video_scene_maker']);
  });

  it('answers chat operations in their own shapes', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(okSchema('v6_llm_chat')['application/json']?.schema.oneOf).toContainEqual(ref('V6ChatResult'));
    expect(okSchema('v7_llm_chat_completions')['application/json']?.schema.oneOf).toContainEqual(
      ref('ChatCompletion'),
    );
    expect(okSchema('v7_llm_v1_messages')['application/json']?.schema.oneOf).toContainEqual(
      ref('AnthropicMessage'),
    );
    expect(okSchema('v7_llm_v1_messages_count_tokens')['application/json']?.schema.oneOf).toContainEqual(
      ref('TokenCount'),
    );
    expect(okSchema('v7_llm_v1_models')['application/json']?.schema.oneOf).toContainEqual(
      ref('LanguageModelList'),
    );
  });

  it('declares the error answers, with the rate-limit fields and Retry-After on 429', () => {
    for (const entry of operationsOf(document)) {
      expect(Object.keys(entry.operation.responses as Json).sort()).toEqual(
        ['200', '400', '401', '402', '403', '429', '500', '503'].sort(),
      );
    }
    const tooMany = deref(document, (operation('v7_images_text_to_image').responses as Json)['429']);
    const headers = Object.keys(tooMany.headers as Json);
    expect(headers).toEqual(
      expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']),
    );
    const error = resolvePointer(document, '#/components/schemas/GenerationError') as Json;
    expect(error.required).toContain('status');
    expect((error.properties as Json).message).toBeDefined();
  });

  it('resolves every $ref', () => {
    const unresolved = [...new Set(refsIn(document))].filter(
      (ref) => resolvePointer(document, ref) === undefined,
    );
    expect(unresolved).toEqual([]);
  });

  it('keeps every schema within JSON Schema 2020-12', () => {
    expect(compileFailures(document)).toEqual([]);
  });
});
