import { afterEach, describe, expect, it } from 'vitest';
import { DiscoveryDocumentError, discover, ServiceUnreachableError } from '../../../src/index.js';
import { serveDocuments } from '../../support/document-server.js';
import { closedPort, silentServer } from '../../support/unreachable-addresses.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const failureOf = (url: string, options: Parameters<typeof discover>[1] = {}) =>
  discover(url, { models: false, ...options }).then(
    () => expect.unreachable('discover() should have failed'),
    (error: unknown) => error as ServiceUnreachableError,
  );

describe('discover() against a service it cannot reach', () => {
  it('says the connection was refused, and at which address', async () => {
    const port = await closedPort();
    const failure = await failureOf(`http://127.0.0.1:${port}/api`);
    expect(ServiceUnreachableError.isInstance(failure)).toBe(true);
    expect(DiscoveryDocumentError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ address: `http://127.0.0.1:${port}`, reason: 'connection-refused' });
    expect(failure.message).toBe(`Could not connect to http://127.0.0.1:${port} (connection refused).`);
  });

  it('says a host name was not found', async () => {
    // .invalid never resolves (RFC 2606); a machine without DNS fails the lookup instead.
    const failure = await failureOf('http://gentk-test.invalid');
    expect(ServiceUnreachableError.isInstance(failure)).toBe(true);
    expect(['host-not-found', 'dns-unavailable']).toContain(failure.reason);
    expect(failure.message).toMatch(/^Could not connect to http:\/\/gentk-test\.invalid \(DNS: /);
  });

  it('says nothing answered within the time limit', async () => {
    const server = await silentServer();
    cleanups.push(() => server.close());
    const started = performance.now();
    const failure = await failureOf(server.url, { timeoutMs: 200 });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(failure).toMatchObject({ address: server.url, reason: 'timed-out' });
    expect(failure.message).toBe(`Could not connect to ${server.url} (timed out: no answer within 200 ms).`);
  });

  it('names the port when fetch refuses to use it (port 9 and the other blocked ports)', async () => {
    const failure = await failureOf('http://127.0.0.1:9');
    expect(failure).toMatchObject({ reason: 'blocked-port' });
    expect(failure.message).toMatch(
      /^Could not connect to http:\/\/127\.0\.0\.1:9 \(fetch never connects to port 9/,
    );
  });

  it('keeps "no usable document" for a service that answers, and says why each document failed', async () => {
    const port = await closedPort();
    const server = await serveDocuments({
      '/.well-known/api-catalog': {
        body: JSON.stringify({ linkset: [{ 'service-desc': `http://127.0.0.1:${port}/openapi.json` }] }),
      },
    });
    cleanups.push(() => server.close());
    const failure = await failureOf(server.url);
    expect(ServiceUnreachableError.isInstance(failure)).toBe(false);
    expect(failure.message).toMatch(/The document could not be read: connection refused\./);
  });
});
