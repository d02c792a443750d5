import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../../src/auth/index.js';
import { ServiceUnreachableError } from '../../src/discovery/index.js';
import { probeTransportKind } from '../../src/http/default-transport.js';
import {
  createDefaultTransport,
  createFetchTransport,
  createUndiciTransport,
  defaultTransportKind,
  HttpClient,
  type Transport,
  TransportFailure,
} from '../../src/http/index.js';
import { type LoopbackServer, listenOnLoopback } from '../support/loopback-server.js';

let server: LoopbackServer;
let base: string;
/** A loopback port nobody listens on. */
let closedPort: number;

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const echo = createServer((request, response) => {
    if (request.url === '/slow') {
      setTimeout(() => response.end('{}'), 300);
      return;
    }
    if (request.url === '/trickle') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"partial":');
      const timer = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (request.url === '/cut') {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
      setTimeout(() => request.socket.destroy(), 5);
      return;
    }
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      response.writeHead(201, { 'content-type': 'application/json', 'x-echo-method': request.method ?? '' });
      response.end(JSON.stringify({ body, ua: request.headers['user-agent'] }));
    });
  });
  server = await listenOnLoopback(echo);
  base = server.url;
});
afterAll(() => server.close());

const undici = createUndiciTransport();
afterAll(() => undici.close());
const builtIn = createDefaultTransport();
afterAll(() => builtIn.close());

describe.each([
  ['undici dispatch', () => undici.transport],
  ['fetch', () => createFetchTransport(undiciFetch as never)],
  ['platform fetch', () => createFetchTransport(globalThis.fetch)],
  ['default', () => builtIn.transport],
] as Array<[string, () => Transport]>)('the %s transport', (_name, make) => {
  it('sends the method, headers and body, and reads the whole answer', async () => {
    const response = await make()({
      method: 'POST',
      url: new URL('/echo', base),
      headers: { 'content-type': 'application/json', 'user-agent': 'test/1' },
      body: '{"a":1}',
      timeoutMs: 5_000,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Echo-Method')).toBe('POST');
    expect(JSON.parse(response.body)).toEqual({ body: '{"a":1}', ua: 'test/1' });
  });

  it('times out an attempt without progress', async () => {
    const error = await make()({
      method: 'GET',
      url: new URL('/slow', base),
      headers: {},
      timeoutMs: 50,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportFailure);
    expect((error as TransportFailure).timedOut).toBe(true);
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = make()({
      method: 'GET',
      url: new URL('/slow', base),
      headers: {},
      timeoutMs: 5_000,
      signal: controller.signal,
    });
    controller.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow('stop now');
  });

  it('says a refused connection never sent the request', async () => {
    const error = await make()({
      method: 'POST',
      url: new URL(`http://127.0.0.1:${closedPort}/x`),
      headers: {},
      timeoutMs: 5_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportFailure);
    expect((error as TransportFailure).requestSent).toBe(false);
  });

  it('says a connection cut mid-answer may have sent it', async () => {
    const error = await make()({
      method: 'POST',
      url: new URL('/cut', base),
      headers: {},
      body: '{}',
      timeoutMs: 5_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportFailure);
    expect((error as TransportFailure).requestSent).toBe(true);
    expect((error as TransportFailure).timedOut).toBe(false);
    expect((error as TransportFailure).answered).toBe(true);
  });

  it('says whether the answer had begun when the time limit cut it', async () => {
    const failureAt = (path: string) =>
      make()({ method: 'GET', url: new URL(path, base), headers: {}, timeoutMs: 100 }).then(
        () => expect.unreachable(`${path} should have failed`),
        (caught: unknown) => caught as TransportFailure,
      );
    const [silent, trickled] = await Promise.all([failureAt('/slow'), failureAt('/trickle')]);
    expect([silent.timedOut, silent.answered]).toEqual([true, false]);
    expect([trickled.timedOut, trickled.answered]).toEqual([true, true]);
  });
});

describe('the built-in transport of a runtime', () => {
  it('is undici where undici works (Node)', async () => {
    expect(await defaultTransportKind()).toBe('undici');
  });

  it("is fetch where undici is a stub whose Agent cannot dispatch (Bun's)", async () => {
    class Agent {}
    expect(await probeTransportKind(async () => ({ Agent }))).toBe('fetch');
  });

  it('is fetch where undici cannot be loaded (an edge bundle without Node built-ins)', async () => {
    expect(
      await probeTransportKind(async () => {
        throw new Error('Cannot find module undici');
      }),
    ).toBe('fetch');
  });

  it("is fetch where WebAssembly cannot be compiled at run time, which undici's parser needs (workerd)", async () => {
    expect(await probeTransportKind(undefined, () => false)).toBe('fetch');
    expect(await probeTransportKind(undefined, () => true)).toBe('undici');
  });
});

describe("connect's cleanup", () => {
  it('reports the error that made connect give up, not a failure to release the transport', async () => {
    // As on Bun before the probe: the transport's close() itself throws during the cleanup.
    const close = vi
      .spyOn(HttpClient.prototype, 'close')
      .mockRejectedValue(new TypeError('owned?.close is not a function'));
    try {
      const error = await connect({
        baseUrl: `http://127.0.0.1:${closedPort}/`,
        apiKey: 'key-1',
        discovery: { models: false },
        http: { retry: false },
      }).catch((caught: unknown) => caught);
      expect(close).toHaveBeenCalled();
      expect(String(error)).not.toMatch(/close is not a function/);
      expect(error).toBeInstanceOf(ServiceUnreachableError);
    } finally {
      close.mockRestore();
    }
  });
});

describe('the fetch transport and a deadline', () => {
  it('takes a time limit that is not a whole number of milliseconds (what is left of a deadline)', async () => {
    const response = await createFetchTransport(globalThis.fetch)({
      method: 'POST',
      url: new URL('/echo', base),
      headers: {},
      body: '{}',
      timeoutMs: 307.92,
    });
    expect(response.status).toBe(201);
  });
});
