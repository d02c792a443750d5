/**
 * The low findings of issue 14 (finding 12): a redirect answered to a write, headers of the user
 * following a redirect to another origin, header arguments with line breaks, errors that quote an
 * answer or the key, and a "billion laughs" of `$ref`s. Each ends in a typed refusal, with nothing
 * sent that should not be, in bounded time and memory.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../../src/auth/index.js';
import { InvalidArgumentsError } from '../../../src/calls/index.js';
import { discover } from '../../../src/discovery/index.js';
import {
  HttpClient,
  ResponseFormatError,
  type ServiceError,
  UnexpectedRedirectError,
} from '../../../src/http/index.js';
import { UnknownOperationError } from '../../../src/index.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { CANARY_KEY } from '../support/canaries.js';
import { measureMemoryGrowth } from '../support/memory-growth.js';
import { serviceAt } from '../support/rebased-service.js';
import { createSkippingClock } from '../support/skipping-clock.js';

const IMAGE = 'v7_images_text_to_image';
const TENANT_HEADER = 'x-tenant-secret';
const TENANT_SECRET = 'tenant-secret-5d1c';

/** Requests either server received: `server METHOD path`, and the headers they carried. */
const received: { where: string; headers: Record<string, unknown> }[] = [];
let service: LoopbackServer;
let foreign: LoopbackServer;
const sessions: Session[] = [];

/** A document with an operation taking a header argument and one whose input is a billion laughs. */
function documentOf(): string {
  const schemas: Record<string, unknown> = { L0: { type: 'string' } };
  for (let level = 1; level <= 9; level++) {
    const properties: Record<string, unknown> = {};
    for (let n = 0; n < 10; n++) properties[`p${n}`] = { $ref: `#/components/schemas/L${level - 1}` };
    schemas[`L${level}`] = { type: 'object', properties };
  }
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Hostile', version: '1' },
    servers: [{ url: service.url }],
    paths: {
      '/traced': {
        get: {
          operationId: 'get_traced',
          parameters: [{ name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/laughs': {
        post: {
          operationId: 'post_laughs',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/L9' } } },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: { schemas },
  });
}

function serveService(request: IncomingMessage, response: ServerResponse): void {
  receive(request, ({ method, url, headers }) => {
    const path = new URL(url, 'http://x').pathname;
    received.push({ where: `service ${method} ${path}`, headers });
    if (path === '/openapi.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(documentOf());
    } else if (path === '/api/v7/images/text-to-image') {
      // A job submission answered with a redirect, as a broken proxy or a hostile service would.
      response.writeHead(302, { location: '/api/v7/images/elsewhere' }).end();
    } else if (path === '/away') {
      response.writeHead(302, { location: `${foreign.url}/landing` }).end();
    } else if (path === '/garbled') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(`${CANARY_KEY} is not JSON`);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
}

beforeAll(async () => {
  service = await listenOnLoopback(createServer(serveService));
  foreign = await listenOnLoopback(
    createServer((request, response) =>
      receive(request, ({ method, url, headers }) => {
        received.push({ where: `foreign ${method} ${url}`, headers });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"landed":true}');
      }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  await service.close();
  await foreign.close();
});

async function imageSession(): Promise<Session> {
  const session = await connect({
    service: await serviceAt(service.url),
    apiKey: CANARY_KEY,
    operations: { ids: [IMAGE] },
    http: { clock: createSkippingClock() },
  });
  sessions.push(session);
  return session;
}

async function hostileSession(): Promise<Session> {
  const session = await connect({
    service: await discover(service.url, { models: false }),
    apiKey: CANARY_KEY,
    operations: { ids: ['get_traced', 'post_laughs'] },
    http: { clock: createSkippingClock() },
  });
  sessions.push(session);
  return session;
}

describe('a redirect answered to a POST', () => {
  it('is an unexpected_redirect error, not a success without output, and is not retried', async () => {
    received.length = 0;
    const session = await imageSession();
    const error = await session
      .call(IMAGE, { model_id: 'flux-dev', prompt: 'a lighthouse' })
      .catch((caught: unknown) => caught);
    expect(UnexpectedRedirectError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'unexpected_redirect', retryable: false, httpStatus: 302 });
    expect((error as Error).message).toMatch(/whether the service acted is unknown/);
    expect(received.map((request) => request.where)).toEqual(['service POST /api/v7/images/text-to-image']);

    const tool = createToolSpecs(session, { mode: 'typed' }).tool(IMAGE);
    const result = await tool!.execute({ model_id: 'flux-dev', prompt: 'a lighthouse' });
    expect(result).toMatchObject({ ok: false, code: 'unexpected_redirect', retryable: false });
  });
});

describe('headers set in http.headers', () => {
  it('go to the service but not across a redirect to another origin', async () => {
    received.length = 0;
    const client = new HttpClient({ baseUrl: service.url, headers: { [TENANT_HEADER]: TENANT_SECRET } });
    try {
      const answer = await client.request({ method: 'GET', url: '/away', idempotency: 'safe' });
      expect(answer.body).toEqual({ landed: true });
    } finally {
      await client.close();
    }
    const [atService, atForeign] = received;
    expect(atService?.headers[TENANT_HEADER]).toBe(TENANT_SECRET);
    expect(atForeign?.where).toBe('foreign GET /landing');
    expect(atForeign?.headers[TENANT_HEADER]).toBeUndefined();
  });
});

describe('a CR or LF in a header argument', () => {
  it('is refused as invalid_arguments before anything is sent', async () => {
    const session = await hostileSession();
    received.length = 0;
    const error = await session
      .call('get_traced', { 'X-Trace': 'abc\r\nX-Injected: 1' })
      .catch((caught: unknown) => caught);
    expect(InvalidArgumentsError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/X-Trace cannot hold a line break/);
    expect(received).toEqual([]);
    const tool = createToolSpecs(session, { mode: 'typed' }).tool('get_traced');
    const result = await tool!.execute({ 'X-Trace': 'abc\nX-Injected: 1' });
    expect(result).toMatchObject({ ok: false, code: 'invalid_arguments', retryable: false });
    expect(received).toEqual([]);
  });
});

describe('errors that could quote a secret', () => {
  it('ResponseFormatError says where the JSON broke, without quoting the answer', async () => {
    const client = new HttpClient({ baseUrl: service.url, retry: { limit: 0 } });
    try {
      const error = await client
        .request({ method: 'GET', url: '/garbled', idempotency: 'safe' })
        .catch((caught: unknown) => caught);
      expect(ResponseFormatError.isInstance(error)).toBe(true);
      expect(JSON.stringify((error as ServiceError).toJSON())).not.toContain(CANARY_KEY.slice(0, 8));
      expect((error as Error).message).toMatch(
        /not valid JSON \(unexpected text within its \d+ characters\)/,
      );
    } finally {
      await client.close();
    }
  });

  it('session.call(<the key>) names no key in its UnknownOperationError', async () => {
    const session = await imageSession();
    const error = await session.call(CANARY_KEY, {}).catch((caught: unknown) => caught);
    expect(UnknownOperationError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).not.toContain(CANARY_KEY);
    expect(JSON.stringify(error)).not.toContain(CANARY_KEY);
  });
});

describe('a billion laughs of $refs', () => {
  it('is cut at discovery, so the first checkInput takes neither seconds nor a GB', async () => {
    const session = await hostileSession();
    const started = performance.now();
    const { outcome, growth } = await measureMemoryGrowth(async () =>
      session.checkInput('post_laughs', { p0: { p0: {} } }),
    );
    if ('error' in outcome) throw outcome.error;
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(growth.rssBytes).toBeLessThan(100_000_000);
  });
});
