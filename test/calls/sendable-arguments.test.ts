import { afterEach, describe, expect, it } from 'vitest';
import { connect, InvalidArgumentsError, type Session } from '../../src/index.js';
import { type DocumentServer, serveDocuments } from '../support/document-server.js';

const API_KEY = 'gen-key-0123456789abcdef';

const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'items', version: '1' },
  paths: {
    '/items/{item_id}': {
      get: {
        operationId: 'get_item',
        parameters: [
          { name: 'item_id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
});

describe('arguments that cannot go on the wire', () => {
  let server: DocumentServer | undefined;
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
    await server?.close();
  });

  async function itemsSession(): Promise<Session> {
    server = await serveDocuments({
      '/openapi.json': { body: DOCUMENT },
      '/items/a1': { body: '{"id":"a1"}' },
    });
    session = await connect({
      baseUrl: server.url,
      discovery: { models: false },
      operations: { ids: ['get_item'] },
      apiKey: API_KEY,
    });
    return session;
  }

  it('are refused by the session before anything is sent, and a valid path segment goes through', async () => {
    const items = await itemsSession();
    for (const item_id of ['..', '.', 'a\uD800']) {
      const refusal = await items.call('get_item', { item_id }).catch((error: unknown) => error);
      expect(InvalidArgumentsError.isInstance(refusal)).toBe(true);
      expect((refusal as InvalidArgumentsError).problems.map((problem) => problem.field)).toEqual([
        'item_id',
      ]);
    }
    expect(() => items.checkInput('get_item', { item_id: '..' })).toThrow(/another resource/);
    expect([...(server?.hits.keys() ?? [])].filter((path) => path.startsWith('/items'))).toEqual([]);

    const result = await items.call('get_item', { item_id: 'a1' });
    expect(result).toMatchObject({ status: 'success', body: { id: 'a1' } });
    expect(server?.hits.get('/items/a1')).toBe(1);
  });

  it('are refused with the secrets of the session masked in what the refusal quotes', async () => {
    const items = await itemsSession();
    const refusal = await items
      .call('get_item', { item_id: 'a1', 'X-Trace': `line\r\n${API_KEY}` })
      .catch((error: unknown) => error);
    expect(InvalidArgumentsError.isInstance(refusal)).toBe(true);
    const told = JSON.stringify({ message: (refusal as Error).message, refusal });
    expect(told).toContain('line break');
    expect(told).not.toContain(API_KEY);
    expect(server?.hits.get('/items/a1')).toBeUndefined();
  });
});
