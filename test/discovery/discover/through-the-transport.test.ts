/**
 * Discovery reads its documents through the HTTP core's transport: a custom one given to
 * `discover()`, the session's own in `connect()` (behind its governor), and the undici transport
 * with its byte and time limits, whose failures discovery tells as it tells fetch's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createUndiciTransport, type Transport } from '../../../src/http/index.js';
import { connect, DiscoveryDocumentError, discover, ServiceUnreachableError } from '../../../src/index.js';
import { serveDocuments } from '../../support/document-server.js';
import { tricklingServer } from '../../support/trickling-server.js';
import { closedPort, silentServer } from '../../support/unreachable-addresses.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'pinger', version: '1' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
});

/** The undici transport, closed after the test, recording the path of every request. */
function recordedUndici(): { transport: Transport; paths: string[] } {
  const undici = createUndiciTransport();
  cleanups.push(() => undici.close());
  const paths: string[] = [];
  return {
    paths,
    transport: (request) => {
      paths.push(request.url.pathname);
      return undici.transport(request);
    },
  };
}

async function publish(routes: Parameters<typeof serveDocuments>[0]) {
  const server = await serveDocuments(routes);
  cleanups.push(() => server.close());
  return server;
}

describe('discovery through the HTTP core transport', () => {
  it("connect() reads the documents through the session's own transport (http.transport)", async () => {
    const server = await publish({ '/openapi.json': { body: DOCUMENT }, '/ping': { body: '{}' } });
    const wire = recordedUndici();
    const session = await connect({
      baseUrl: server.url,
      discovery: { models: false },
      operations: { ids: ['ping'] },
      apiKey: 'key-0123456789',
      http: { transport: wire.transport },
    });
    cleanups.push(() => session.close());
    expect(wire.paths).toEqual(expect.arrayContaining(['/.well-known/api-catalog', '/openapi.json']));
    await session.call('ping', {});
    expect(wire.paths.at(-1)).toBe('/ping');
  });

  it('discover() reads through a transport it is given, in preference to fetch', async () => {
    const server = await publish({ '/openapi.json': { body: DOCUMENT } });
    const wire = recordedUndici();
    const service = await discover(server.url, {
      models: false,
      transport: wire.transport,
      fetch: () => Promise.reject(new Error('fetch is not the transport')),
    });
    expect(service.operation('ping')).toBeDefined();
    expect(wire.paths).toContain('/openapi.json');
  });

  it("keeps discovery's byte limit on the transport: a long body and a long announced length", async () => {
    const big = `{"openapi":"3.1.0","padding":"${'x'.repeat(300_000)}"}`;
    const server = await publish({
      '/.well-known/api-catalog': { body: JSON.stringify({ linkset: [{ 'service-desc': '/big.json' }] }) },
      '/big.json': { body: big },
    });
    const { transport } = recordedUndici();
    const failure = await discover(server.url, { models: false, maxDocumentBytes: 100_000, transport }).then(
      () => expect.unreachable('discover() should have failed'),
      (error: unknown) => error as DiscoveryDocumentError,
    );
    expect(DiscoveryDocumentError.isInstance(failure)).toBe(true);
    expect(failure.message).toMatch(/is \d+ bytes, over the limit of 100000|larger than the limit of 100000/);
    expect(failure.document).toBe(`${server.url}/big.json`);
  });

  it('tells an unreachable service from a document cut short, whichever transport read it', async () => {
    const port = await closedPort();
    const silent = await silentServer();
    cleanups.push(() => silent.close());
    const trickle = await tricklingServer();
    cleanups.push(() => trickle.close());
    for (const transport of [undefined, recordedUndici().transport]) {
      const via = transport ? 'undici' : 'fetch';
      const failureAt = (url: string) =>
        discover(url, { models: false, timeoutMs: 300, ...(transport ? { transport } : {}) }).then(
          () => expect.unreachable('discover() should have failed'),
          (error: unknown) => error as DiscoveryDocumentError,
        );
      const refused = await failureAt(`http://127.0.0.1:${port}`);
      expect(ServiceUnreachableError.isInstance(refused), via).toBe(true);
      expect(refused, via).toMatchObject({ reason: 'connection-refused' });
      const timedOut = await failureAt(silent.url);
      expect(timedOut.message, via).toBe(
        `Could not connect to ${silent.url} (timed out: no answer within 300 ms).`,
      );
      const cut = await failureAt(trickle.url);
      expect(ServiceUnreachableError.isInstance(cut), via).toBe(false);
      expect(cut.name, via).toBe('DiscoveryDocumentError');
    }
  });
});
