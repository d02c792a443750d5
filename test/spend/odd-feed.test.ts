/**
 * A small service of its own (not the emulator) whose model feed is odd: a price written as a
 * string, no billing unit, a unit nobody knows, a price beyond any real one, a negative price, an
 * entry without an id. Estimates stay bounded and say why; a budget holds; nothing crashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetExceededError, connect, type Session } from '../../src/index.js';
import { MemoryBudgetStore } from '../../src/spend.js';
import { type DocumentServer, serveDocuments } from '../support/document-server.js';

const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'odd generator', version: '1' },
  components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
  security: [{ key: [] }],
  paths: {
    '/api/v1/images/generate': {
      post: {
        operationId: 'generate_image',
        summary: 'Generate images from text',
        tags: ['image'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['model_id', 'prompt'],
                properties: {
                  model_id: { type: 'string' },
                  prompt: { type: 'string' },
                  samples: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
                },
              },
            },
          },
        },
        responses: { 200: { description: 'the images' } },
      },
    },
  },
});

const FEED = JSON.stringify({
  data: [
    { model_id: 'string-price', category: 'image', price: '0.003', billing_unit: 'image' },
    { model_id: 'cheap', category: 'image', price: 0.001, billing_unit: 'image' },
    { model_id: 'no-unit', category: 'image', price: 0.1 },
    { model_id: 'gpu-hours', category: 'image', price: 1, billing_unit: 'GPU hour' },
    { model_id: 'huge', category: 'image', price: 1e308, billing_unit: 'image' },
    { model_id: 'large-but-real', category: 'image', price: 900_000, billing_unit: 'image' },
    { model_id: 'negative', category: 'image', price: -5, billing_unit: 'image' },
    { model_id: 'words', category: 'image', price: 'about a cent', billing_unit: 'image' },
    { id: 42, price: 1 },
  ],
});

let server: DocumentServer;

beforeAll(async () => {
  server = await serveDocuments({
    '/openapi.json': { body: DOCUMENT },
    '/models-feed': { body: FEED },
    // Every call succeeds at once, and says what it charged.
    '/api/v1/images/generate': { body: JSON.stringify({ status: 'success', output: [], cost: 0.002 }) },
  });
});
afterAll(async () => {
  await server.close();
});

async function session(budget?: Parameters<typeof connect>[0]['budget']): Promise<Session> {
  return connect({ baseUrl: server.url, apiKey: 'key-1', ...(budget ? { budget } : {}) });
}

describe('an odd feed', () => {
  it('prices a price written as a string, and says why each other entry has no price', async () => {
    const agent = await session();
    try {
      const estimate = (model_id: string, samples = 2) =>
        agent.estimate('generate_image', { model_id, prompt: 'a fox', samples });
      expect(await estimate('string-price')).toMatchObject({ kind: 'priced', amount: 0.006 });
      const reasons = {
        'no-unit': /gives no billing unit for no-unit/,
        'gpu-hours': /"GPU hour"\) is not one the toolkit can count/,
        huge: /is not a usable price/,
        negative: /\(-5\) is not a usable price/,
        // Issue 22, finding 5: a price that is not a plain decimal number is no price.
        words: /\(about a cent\) is not a usable price/,
        missing: /does not list missing/,
      };
      for (const [model, reason] of Object.entries(reasons)) {
        const result = await estimate(model);
        expect(result, model).toMatchObject({ kind: 'unknown', amount: null, covered: false });
        expect(result.basis).toMatch(reason);
      }
      // A real price times an absurd count is bounded: unknown, never Infinity or a crash.
      expect(await estimate('large-but-real', 10_000)).toMatchObject({ kind: 'unknown' });
    } finally {
      await agent.close();
    }
  });

  it('settles a call at the charge the service reports, and refuses one that would pass the budget', async () => {
    const agent = await session({ amount: 0.01, store: new MemoryBudgetStore() });
    try {
      const result = await agent.call('generate_image', {
        model_id: 'string-price',
        prompt: 'a fox',
        samples: 3,
      });
      expect(result.cost).toEqual({
        estimated: expect.objectContaining({ kind: 'priced', amount: 0.009 }),
        charged: 0.002,
      });
      expect(await agent.spend()).toEqual({ reserved: 0, settled: 0.002, left: 0.008, currency: 'usd' });
      const before = server.hits.get('/api/v1/images/generate');
      const refusal = await agent
        .call('generate_image', { model_id: 'string-price', prompt: 'a fox', samples: 3 })
        .catch((error: unknown) => error);
      expect(BudgetExceededError.isInstance(refusal)).toBe(true);
      expect(refusal).toMatchObject({
        code: 'budget_exceeded',
        left: 0.008,
        currency: 'usd',
        estimate: { kind: 'priced', amount: 0.009 },
        cheaper: { model: 'cheap', amount: 0.003 },
      });
      expect(server.hits.get('/api/v1/images/generate')).toBe(before);
    } finally {
      await agent.close();
    }
  });

  it('refuses calls of unknown cost under a budget unless told to allow them', async () => {
    const strict = await session({ amount: 5 });
    const lenient = await session({ amount: 5, unknownCost: 'allow' });
    try {
      const input = { model_id: 'gpu-hours', prompt: 'a fox' };
      const refusal = await strict.call('generate_image', input).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 'budget_exceeded', estimate: { kind: 'unknown' } });
      expect((refusal as Error).message).toMatch(/cost is unknown .*GPU hour.*refuses calls of unknown cost/);
      const allowed = await lenient.call('generate_image', input);
      expect(allowed.status).toBe('success');
      // Nothing was reserved for it; what the service reported was settled.
      expect(await lenient.spend()).toEqual({ reserved: 0, settled: 0.002, left: 4.998, currency: 'usd' });
    } finally {
      await strict.close();
      await lenient.close();
    }
  });
});
