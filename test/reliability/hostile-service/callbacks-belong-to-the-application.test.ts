/**
 * Issue 22, finding 3: typed tools and `call_operation` offered `webhook` and `track_id`, and a
 * model that set `webhook` had the finished result posted to any address, even with the session's
 * receiver attached. Against a render service of our own that takes callbacks under several names
 * (`webhook`, `track_id`, `notifyUrl`, a field its OpenAPI `callbacks` names, one marked
 * `x-callback`), no callback field reaches what the model sees, and a model's callback never
 * reaches the wire unless the application lets it.
 */
import { createServer } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../../src/adapters/mcp.js';
import { connect, type Session } from '../../../src/auth/index.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { createWebhookReceiver } from '../../../src/webhooks/index.js';
import {
  type LoopbackServer,
  listenOnLoopback,
  type ReceivedRequest,
  receive,
} from '../../support/loopback-server.js';

const CALLBACK_FIELDS = ['webhook', 'track_id', 'notifyUrl', 'report_to', 'status_sink'];
const HOSTILE = 'https://collector.attacker.test/steal';

function renderDocument(origin: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Render service', version: '1' },
    servers: [{ url: origin }],
    paths: {
      '/v1/render': {
        post: {
          operationId: 'render',
          summary: 'Render a picture',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['prompt'],
                  properties: {
                    prompt: { type: 'string' },
                    webhook: { type: 'string', format: 'uri', description: 'Where the result is posted.' },
                    track_id: { type: 'string' },
                    notifyUrl: { type: 'string', format: 'uri' },
                    report_to: { type: 'string', description: 'An address.' },
                    status_sink: { type: 'string', 'x-callback': true },
                  },
                },
              },
            },
          },
          callbacks: {
            finished: {
              '{$request.body#/report_to}': { post: { responses: { 200: { description: 'ok' } } } },
            },
          },
          responses: {
            200: {
              description: 'Queued or done.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      status: { enum: ['processing', 'success'] },
                      id: { type: 'string' },
                      output: { type: 'array' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/v1/render/{id}': {
        get: {
          operationId: 'getRender',
          summary: 'A render',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'The render.' } },
        },
      },
    },
  };
}

let server: LoopbackServer;
const renders: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((request, response) => {
      receive(request, (received: ReceivedRequest) => {
        const path = new URL(received.url, 'http://x').pathname;
        const json = (body: unknown) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (path === '/openapi.json') return json(renderDocument(`http://${received.headers.host}`));
        if (path === '/v1/render') {
          renders.push(JSON.parse(received.body || '{}') as Record<string, unknown>);
          return json({ status: 'success', id: 'r1', output: ['https://cdn.render.test/r1.png'] });
        }
        response.writeHead(404).end();
      });
    }),
  );
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  renders.length = 0;
});

async function session(): Promise<Session> {
  return connect({ baseUrl: server.url, discovery: { models: false }, apiKey: 'key-render-0123456789' });
}

const schemaFields = (schema: unknown) =>
  Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});

describe('callback fields are not in what the model sees', () => {
  it('leaves them out of typed tools, describe_operation and MCP tools/list', async () => {
    const connected = await session();
    expect(connected.service.requireOperation('render').async).toBeDefined();
    const typed = createToolSpecs(connected, { mode: 'typed' }).tools.find(
      (tool) => tool.operationId === 'render',
    );
    expect(schemaFields(typed?.inputSchema)).toEqual(['prompt']);

    const dynamic = createToolSpecs(connected, { mode: 'dynamic' });
    const described = await dynamic.tools
      .find((tool) => tool.kind === 'describe')
      ?.execute({ operation: 'render' });
    const text = JSON.stringify(described);
    for (const field of CALLBACK_FIELDS) expect(text, field).not.toContain(`"${field}"`);

    const client = new Client({ name: 'lister', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(connected, { mode: 'typed' }).connect(serverSide);
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    expect(schemaFields(tools.find((tool) => tool.name.endsWith('render'))?.inputSchema)).toEqual(['prompt']);
    await client.close();
    await connected.close();
  });

  it('keeps them, and sends the model’s value, only when the application opts in', async () => {
    const connected = await session();
    const set = createToolSpecs(connected, { mode: 'typed', modelCallbacks: true });
    const render = set.tools.find((tool) => tool.operationId === 'render');
    expect(schemaFields(render?.inputSchema)).toEqual(expect.arrayContaining(CALLBACK_FIELDS));
    const result = await set.tools
      .find((tool) => tool.operationId === 'render')
      ?.execute({ prompt: 'a fox', report_to: 'https://app.example.test/cb' });
    expect(result).toMatchObject({ ok: true });
    expect(renders.at(-1)?.report_to).toBe('https://app.example.test/cb');
    await connected.close();
  });
});

describe('a callback the model gives', () => {
  it.each(CALLBACK_FIELDS)(
    '(%s) is refused before the wire without a receiver, saying what to do',
    async (field) => {
      const connected = await session();
      const set = createToolSpecs(connected, { mode: 'auto' });
      const typed = createToolSpecs(connected, { mode: 'typed' }).tools.find(
        (tool) => tool.operationId === 'render',
      );
      const call = createToolSpecs(connected, { mode: 'dynamic' }).tools.find((tool) => tool.kind === 'call');
      const args = { prompt: 'a fox', [field]: HOSTILE };
      for (const result of [
        await typed?.execute(args),
        await call?.execute({ operation: 'render', arguments: args }),
      ]) {
        expect(result).toMatchObject({ ok: false, code: 'invalid_arguments', retryable: false });
        expect((result as { message: string }).message).toMatch(/callback address.*only the application/);
        expect((result as { message: string }).message).toMatch(/Call again without/);
      }
      expect(typed?.check?.(args)).toMatchObject({ code: 'invalid_arguments' });
      expect(set.tools.length).toBeGreaterThan(0);
      expect(renders).toEqual([]);
      await connected.close();
    },
  );

  it('is replaced by the receiver’s own when a receiver is attached: the model’s address never goes out', async () => {
    const connected = await session();
    const receiver = createWebhookReceiver(connected, { publicUrl: 'https://hooks.app.example.test/gentk' });
    const typed = createToolSpecs(connected, { mode: 'typed' }).tools.find(
      (tool) => tool.operationId === 'render',
    );
    const result = await typed?.execute({
      prompt: 'a fox',
      webhook: HOSTILE,
      track_id: 'attacker-track',
      notifyUrl: HOSTILE,
      report_to: HOSTILE,
    });
    expect(result).toMatchObject({ ok: true });
    const sent = renders.at(-1) ?? {};
    expect(JSON.stringify(sent)).not.toContain('attacker');
    expect(String(sent.webhook)).toMatch(/^https:\/\/hooks\.app\.example\.test\/gentk/);
    expect(sent.track_id).not.toBe('attacker-track');
    expect(receiver.publicUrl).toBeDefined();
    await connected.close();
  });
});
