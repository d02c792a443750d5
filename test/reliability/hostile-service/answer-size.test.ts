/**
 * A hostile service's oversized answers (issue 14, finding 1): an endless body, a 10 GiB
 * Content-Length and a gzip bomb, on calls, polls, result downloads and MCP. Each must end in a
 * typed error that is not retried, with the process growing by less than 100 MB, in bounded time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { APICallError } from '@ai-sdk/provider';
import { generateImage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpInspector } from '../../../src/adapters/mcp.js';
import { connect } from '../../../src/auth/index.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  HttpClient,
  type HttpClientOptions,
  ResponseFormatError,
  ResponseTooLargeError,
  type Transport,
} from '../../../src/http/index.js';
import { createGenerationProvider } from '../../../src/provider/index.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';
import { CANARY_KEY } from '../support/canaries.js';
import { measureMemoryGrowth } from '../support/memory-growth.js';
import {
  answerEndlessly,
  answerTenGibibytes,
  answerWithBomb,
  BOMB_INFLATED_BYTES,
  gzipBomb,
} from '../support/oversized-answers.js';
import { serviceAt } from '../support/rebased-service.js';
import { createSkippingClock } from '../support/skipping-clock.js';

// The tests read the SDK's errors; the SDK need not also print warnings.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const MB = 1_000_000;
/** The target: no hostile answer makes the process grow by this much. */
const MEMORY_BUDGET = 100 * MB;
/** Real time any of these attacks may take before it counts as a hang. */
const TIME_BUDGET_MS = 15_000;
const IMAGE = 'v7_images_text_to_image';

let server: LoopbackServer;
let service: ServiceDescription;
/** Requests the server received, `METHOD path`. */
const received: string[] = [];

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const ROUTES: Readonly<Record<string, Handler>> = {
  '/endless': (_request, response) => answerEndlessly(response),
  '/failing-endlessly': (_request, response) => answerEndlessly(response, 500),
  '/ten-gibibytes': (_request, response) => answerTenGibibytes(response),
  '/bomb': (_request, response) => void answerWithBomb(response),
  '/cdn/bomb.png': (_request, response) => void answerWithBomb(response, 'image/png'),
  '/exactly-1024': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"a":"${'a'.repeat(1016)}"}`);
  },
  // A queued job whose poll answers without end, or a finished one whose file is a bomb.
  '/api/v7/images/text-to-image': (request, response) => {
    const finished = request.headers['x-test-finished'] === 'yes';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        finished
          ? { status: 'success', id: 'job-1', output: [`${server.url}/cdn/bomb.png`] }
          : { status: 'processing', id: 'job-1', eta: 1 },
      ),
    );
  },
  '/api/v7/images/fetch/job-1': (_request, response) => answerEndlessly(response),
  // An MCP server that answers its first message without end.
  '/mcp': (_request, response) => answerEndlessly(response),
};

function route(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  received.push(`${request.method} ${path}`);
  request.resume();
  const handler = ROUTES[path];
  if (handler) handler(request, response);
  else response.writeHead(404).end();
}

beforeAll(async () => {
  server = await listenOnLoopback(createServer(route));
  service = await serviceAt(server.url);
  await gzipBomb();
});
afterAll(() => server?.close());

const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

function client(options: Partial<HttpClientOptions> = {}): HttpClient {
  const made = new HttpClient({ baseUrl: server.url, clock: createSkippingClock(), ...options });
  clients.push(made);
  return made;
}

/** GETs `path`, measuring the peak memory growth and the real time it took. */
async function attack(path: string, options: Partial<HttpClientOptions> = {}) {
  received.length = 0;
  const startedAt = Date.now();
  const { outcome, growth } = await measureMemoryGrowth(() =>
    client(options).request({ method: 'GET', url: path, idempotency: 'safe' }),
  );
  expect('error' in outcome, 'the attack must fail').toBe(true);
  return {
    error: 'error' in outcome ? outcome.error : undefined,
    growth,
    elapsedMs: Date.now() - startedAt,
    requests: received.length,
  };
}

describe.each([
  ['the undici transport', {}],
  ['a fetch transport', { fetch: globalThis.fetch }],
] as Array<[string, Partial<HttpClientOptions>]>)('through %s', (_name, transport) => {
  it('an endless body stops at the default limit with ResponseTooLargeError, once, within the memory budget', async () => {
    const { error, growth, elapsedMs, requests } = await attack('/endless', transport);
    expect(ResponseTooLargeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'response_too_large',
      retryable: false,
      limitBytes: DEFAULT_MAX_RESPONSE_BYTES,
      httpStatus: 200,
    });
    // Not retried: the same call would get the same answer.
    expect(requests).toBe(1);
    expect(growth.rssBytes).toBeLessThan(MEMORY_BUDGET);
    expect(growth.arrayBufferBytes).toBeLessThan(MEMORY_BUDGET);
    expect(elapsedMs).toBeLessThan(TIME_BUDGET_MS);
  });

  it('a 10 GiB Content-Length is refused before the body is read', async () => {
    const { error, growth, elapsedMs } = await attack('/ten-gibibytes', transport);
    expect(error).toMatchObject({ code: 'response_too_large', declaredBytes: 10 * 1024 ** 3 });
    expect((error as Error).message).toMatch(/maxResponseBytes/);
    expect(growth.rssBytes).toBeLessThan(MEMORY_BUDGET);
    expect(elapsedMs).toBeLessThan(TIME_BUDGET_MS);
  });

  it('an error answer without end is cut off the same way, not retried as a server error', async () => {
    const { error, requests } = await attack('/failing-endlessly', {
      ...transport,
      maxResponseBytes: 64 * 1024,
    });
    expect(error).toMatchObject({ code: 'response_too_large', httpStatus: 500, limitBytes: 64 * 1024 });
    expect(requests).toBe(1);
  });

  it('maxResponseBytes is the largest answer read: 1024 bytes pass, 1025 do not', async () => {
    const exact = await client({ ...transport, maxResponseBytes: 1024 }).request({
      method: 'GET',
      url: '/exactly-1024',
      idempotency: 'safe',
    });
    expect((exact.body as { a: string }).a).toHaveLength(1016);
    const { error } = await attack('/exactly-1024', { ...transport, maxResponseBytes: 1023 });
    expect(error).toMatchObject({ code: 'response_too_large', limitBytes: 1023 });
  });
});

describe('a gzip bomb', () => {
  it('is counted after decompression by a fetch transport and stops at the limit', async () => {
    const bomb = await gzipBomb();
    expect(bomb.length).toBeLessThan(400_000);
    const { error, growth, elapsedMs } = await attack('/bomb', { fetch: globalThis.fetch });
    expect(error).toMatchObject({ code: 'response_too_large', limitBytes: DEFAULT_MAX_RESPONSE_BYTES });
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBeLessThan(BOMB_INFLATED_BYTES);
    expect(growth.rssBytes).toBeLessThan(MEMORY_BUDGET);
    expect(growth.arrayBufferBytes).toBeLessThan(MEMORY_BUDGET);
    expect(elapsedMs).toBeLessThan(TIME_BUDGET_MS);
  });

  it('is never inflated by the undici transport, which does not ask for compression', async () => {
    const { error, growth } = await attack('/bomb', { retry: false });
    expect(ResponseFormatError.isInstance(error)).toBe(true);
    expect(growth.rssBytes).toBeLessThan(MEMORY_BUDGET);
  });
});

describe('a transport of your own that ignores the limit', () => {
  it('still ends the call in ResponseTooLargeError', async () => {
    const careless: Transport = async () => ({
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: `"${'a'.repeat(2048)}"`,
    });
    const error = await client({ transport: careless, maxResponseBytes: 1024 })
      .request({ method: 'GET', url: '/anything', idempotency: 'safe' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'response_too_large', limitBytes: 1024 });
  });
});

describe('a poll answered without end', () => {
  it('ends the tool call with a response_too_large result the model can act on', async () => {
    const session = await connect({
      service,
      apiKey: CANARY_KEY,
      operations: { ids: [IMAGE] },
      http: { clock: createSkippingClock(), maxResponseBytes: 256 * 1024 },
    });
    try {
      const tools = createToolSpecs(session, { mode: 'typed' });
      const tool = tools.tools.find((spec) => spec.operationId === IMAGE)!;
      received.length = 0;
      const { outcome, growth } = await measureMemoryGrowth(() =>
        tool.execute({ model_id: 'flux-dev', prompt: 'a lighthouse' }),
      );
      expect(outcome).toMatchObject({
        value: { ok: false, code: 'response_too_large', retryable: false, hint: expect.any(String) },
      });
      expect(received).toEqual(['POST /api/v7/images/text-to-image', 'POST /api/v7/images/fetch/job-1']);
      expect(growth.rssBytes).toBeLessThan(MEMORY_BUDGET);
    } finally {
      await session.close();
    }
  });
});

describe('a result file that is a gzip bomb', () => {
  it('fails the provider call with a non-retryable APICallError at maxDownloadBytes', async () => {
    const provider = createGenerationProvider({
      baseURL: server.url,
      apiKey: CANARY_KEY,
      service,
      maxDownloadBytes: 8 * 1024 * 1024,
      headers: { 'x-test-finished': 'yes' },
      _internal: { clock: createSkippingClock() },
    });
    try {
      const { outcome, growth } = await measureMemoryGrowth(() =>
        generateImage({ model: provider.image('flux-dev'), prompt: 'a lighthouse', maxRetries: 0 }),
      );
      const error = 'error' in outcome ? outcome.error : undefined;
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        isRetryable: false,
        data: { code: 'response_too_large' },
      });
      expect(ResponseTooLargeError.isInstance((error as APICallError).cause)).toBe(true);
      expect((error as APICallError).cause).toMatchObject({ limitBytes: 8 * 1024 * 1024 });
      expect(growth.rssBytes).toBeLessThan(MEMORY_BUDGET);
    } finally {
      await provider.close();
    }
  });
});

describe('an MCP server that answers without end', () => {
  it('fails the inspection at maxResponseBytes', async () => {
    const inspector = createMcpInspector({ maxResponseBytes: 1024 * 1024 });
    const startedAt = Date.now();
    const { outcome, growth } = await measureMemoryGrowth(() =>
      inspector.inspect({
        name: 'hostile',
        url: `${server.url}/mcp`,
        transport: 'streamable-http',
        resources: [],
        tools: [],
      }),
    );
    expect('error' in outcome && String(outcome.error)).toMatch(/longer than the limit of 1048576 bytes/);
    expect(growth.rssBytes).toBeLessThan(MEMORY_BUDGET);
    expect(Date.now() - startedAt).toBeLessThan(TIME_BUDGET_MS);
  });
});
