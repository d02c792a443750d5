import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiSurfaceReading, readOpenApiSurface } from '../../../src/discovery/openapi/index.js';
import type { Operation } from '../../../src/discovery/types.js';
import { type CatalogueEntry, operationsCatalogue } from '../../support/fixtures.js';
import { compile, propertiesOf } from './openapi-test-support.js';

const catalogue = operationsCatalogue();
let emulator: Emulator;
let generation: OpenApiSurfaceReading;
let controlPlane: OpenApiSurfaceReading;

async function readServed(path: string, surfaceId: string): Promise<OpenApiSurfaceReading> {
  const response = await fetch(`${emulator.url}${path}`);
  expect(response.ok).toBe(true);
  return readOpenApiSurface({
    document: await response.json(),
    documentUrl: `${emulator.url}${path}`,
    surfaceId,
    serviceOrigin: emulator.url,
  });
}

beforeAll(async () => {
  emulator = await startEmulator();
  [generation, controlPlane] = await Promise.all([
    readServed('/openapi.json', 'generation'),
    readServed('/agents-openapi.json', 'control-plane'),
  ]);
});
afterAll(async () => {
  await emulator?.close();
});

const byRoute = (reading: OpenApiSurfaceReading) =>
  new Map(reading.operations.map((op) => [`${op.method} ${op.path}`, op]));
const find = (reading: OpenApiSurfaceReading, entry: CatalogueEntry): Operation => {
  const found = byRoute(reading).get(`${entry.method} ${entry.path}`);
  if (!found) throw new Error(`no operation for ${entry.method} ${entry.path}`);
  return found;
};

describe('the emulator generation document (/openapi.json)', () => {
  it('describes all 133 operations with the catalogue ids, on the service origin, without warnings', () => {
    expect(generation.operations).toHaveLength(133);
    for (const entry of catalogue.generation) {
      const op = find(generation, entry);
      expect(op.id).toBe(entry.operationId);
      expect(op.version).toBe(entry.version);
      expect(op.category).toBe(entry.category);
      expect(op.crossOrigin).toBe(false);
      expect(op.origin).toBe(emulator.url);
      expect(op.surface).toBe('generation');
    }
    expect(generation.warnings).toEqual([]);
  });

  it('links every asynchronous operation to the fetch operation the catalogue names', () => {
    const idByPath = new Map(catalogue.generation.map((entry) => [entry.path, entry.operationId]));
    for (const entry of catalogue.generation) {
      const op = find(generation, entry);
      if (entry.mode === 'async') {
        expect(op.async?.fetchOperationId, entry.operationId).toBe(idByPath.get(entry.fetch as string));
        expect(op.async?.fetchStyle).not.toBe('unknown');
        expect(op.isFetch).toBe(false);
      } else if (entry.mode === 'fetch') {
        expect(op.isFetch, entry.operationId).toBe(true);
        expect(op.async).toBeUndefined();
        expect(op.effect).toBe('read');
      } else {
        expect(op.async, entry.operationId).toBeUndefined();
      }
    }
  });

  it('reads both fetch styles: id in the path, request_id in the body', () => {
    const ops = byRoute(generation);
    expect(ops.get('POST /api/v6/video/text2video')?.async).toEqual({
      fetchOperationId: 'v6_video_fetch_id',
      fetchStyle: 'path',
      idField: 'id',
    });
    expect(ops.get('POST /api/v6/images/text2img')?.async).toEqual({
      fetchOperationId: 'v6_images_fetch',
      fetchStyle: 'body',
      idField: 'request_id',
    });
    expect(ops.get('POST /api/v6/voice/text_to_audio')?.async).toMatchObject({
      fetchStyle: 'body',
      idField: 'request_id',
    });
    expect(ops.get('POST /api/v6/training/lora_fine_tune')?.async).toEqual({
      fetchOperationId: 'v6_training_fine_tune_status_training_id',
      fetchStyle: 'path',
      idField: 'training_id',
    });
    expect(ops.get('POST /api/v8/training/create')?.async).toEqual({
      fetchOperationId: 'v8_training_id',
      fetchStyle: 'path',
      idField: 'id',
    });
    const imagesFetch = ops.get('POST /api/v6/images/fetch') as Operation;
    expect(imagesFetch.input.locations.request_id).toBe('body');
    expect(compile(imagesFetch.input.schema)({ request_id: 42 })).toBe(true);
  });

  it('takes the API key and never offers it as input', () => {
    for (const op of generation.operations) {
      expect(op.credential.kind).toBe('api-key');
      expect(propertiesOf(op.input)).not.toHaveProperty('key');
      expect(op.requiredScope).toBeNull();
    }
    const ops = byRoute(generation);
    expect(ops.get('POST /api/v6/video/text2video')?.credential).toMatchObject({ bodyField: 'key' });
    expect(ops.get('POST /api/v7/llm/chat/completions')?.credential).toMatchObject({ bearer: true });
  });

  it('gives every operation an input and output schema that Ajv compiles', () => {
    for (const op of generation.operations) {
      expect(() => compile(op.input.schema), op.id).not.toThrow();
      expect(op.outputSchema, op.id).toBeDefined();
      expect(() => compile(op.outputSchema), op.id).not.toThrow();
    }
  });
});

describe('the emulator control-plane document (/agents-openapi.json)', () => {
  it('describes all 75 operations with their full paths, catalogue ids and scopes', () => {
    expect(controlPlane.operations).toHaveLength(75);
    for (const entry of catalogue.control_plane) {
      const op = find(controlPlane, entry);
      expect(op.id).toBe(entry.operationId);
      expect(op.requiredScope, entry.operationId).toBe(entry['x-required-scope'] ?? null);
      expect(op.version).toBe('v1');
      expect(op.crossOrigin).toBe(false);
    }
    expect(controlPlane.warnings).toEqual([]);
  });

  it('classifies effects: reads, money for billing, wallet and subscription writes (the strictest), destruction for delete, revoke', () => {
    for (const entry of catalogue.control_plane) {
      const op = find(controlPlane, entry);
      const moneyFamily = /\/(billing|wallet|subscriptions)\b/.test(entry.path);
      const destroys = entry.method === 'DELETE' || /revoke|logout/.test(entry.path);
      const expected =
        entry.method === 'GET' ? 'read' : moneyFamily ? 'money' : destroys ? 'destructive' : 'write';
      expect(op.effect, entry.operationId).toBe(expected);
    }
    const ops = byRoute(controlPlane);
    expect(ops.get('POST /api/agents/v1/wallet/fund')?.effect).toBe('money');
    expect(ops.get('POST /api/agents/v1/subscriptions')?.effect).toBe('money');
    expect(ops.get('POST /api/agents/v1/wallet/withdraw')?.effect).toBe('money');
    expect(ops.get('POST /api/agents/v1/auth/logout')?.effect).toBe('destructive');
  });

  it('takes the token where a credential is needed, nothing where the document says so', () => {
    for (const entry of catalogue.control_plane) {
      const op = find(controlPlane, entry);
      const expected =
        entry.notes?.includes('no token needed') || entry.notes === 'public' ? 'none' : 'token';
      expect(op.credential.kind, entry.operationId).toBe(expected);
      if (expected === 'token') expect(op.credential.bearer).toBe(true);
    }
  });

  it('notes the Idempotency-Key of money operations and keeps it out of the input', () => {
    for (const entry of catalogue.control_plane) {
      const op = find(controlPlane, entry);
      expect(op.idempotencyKey, entry.operationId).toBe(Boolean(entry.notes?.includes('Idempotency-Key')));
      expect(Object.keys(op.input.locations).map((name) => name.toLowerCase())).not.toContain(
        'idempotency-key',
      );
    }
  });

  it('gives every operation an input schema that Ajv compiles', () => {
    for (const op of controlPlane.operations) {
      expect(() => compile(op.input.schema), op.id).not.toThrow();
      if (op.outputSchema) expect(() => compile(op.outputSchema), op.id).not.toThrow();
      expect(op.isFetch).toBe(false);
      expect(op.async).toBeUndefined();
    }
    const login = byRoute(controlPlane).get('POST /api/agents/v1/auth/login') as Operation;
    expect(login.input.locations).toMatchObject({ email: 'body', password: 'body' });
    expect(login.input.schema.required).toEqual(expect.arrayContaining(['email', 'password']));
  });
});
