import { afterEach, describe, expect, it } from 'vitest';
import { discover } from '../../../src/discovery/discover.js';
import { DiscoveryDocumentError } from '../../../src/discovery/errors.js';
import { type DocumentServer, type Route, serveDocuments } from '../../support/document-server.js';

let server: DocumentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const openapi = (title: string, path = '/ping') =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title, version: '1' },
    paths: { [path]: { get: { operationId: `${title}_ping`, responses: { 200: { description: 'ok' } } } } },
  });

async function publish(routes: Record<string, Route>) {
  server = await serveDocuments(routes);
  return server;
}

describe('discover() against hostile publishers', () => {
  it('follows nested catalogues breadth-first but never around a loop', async () => {
    const s = await publish({
      '/.well-known/api-catalog': {
        body: JSON.stringify({ linkset: [{ 'api-catalog': '/b', 'service-desc': '/a.json' }] }),
      },
      '/b': {
        body: JSON.stringify({
          linkset: [{ 'api-catalog': ['/.well-known/api-catalog', '/b'], 'service-desc': '/b.json' }],
        }),
      },
      '/a.json': { body: openapi('alpha') },
      '/b.json': { body: openapi('beta', '/pong') },
    });
    const service = await discover(s.url, { models: false });
    expect(service.operations.map((operation) => operation.id).sort()).toEqual(['alpha_ping', 'beta_ping']);
    expect(s.hits.get('/.well-known/api-catalog')).toBe(1);
    expect(s.hits.get('/b')).toBe(1);
  });

  it('stops at the depth limit of nested catalogues and says so', async () => {
    const routes: Record<string, Route> = {
      '/.well-known/api-catalog': {
        body: JSON.stringify({ linkset: [{ 'api-catalog': '/c1', 'service-desc': '/a.json' }] }),
      },
    };
    for (let n = 1; n <= 6; n++)
      routes[`/c${n}`] = { body: JSON.stringify({ linkset: [{ 'api-catalog': `/c${n + 1}` }] }) };
    routes['/a.json'] = { body: openapi('alpha') };
    const s = await publish(routes);
    const service = await discover(s.url, { models: false, catalog: { maxDepth: 2 } });
    expect(service.warnings.some((warning) => warning.code === 'catalog-limit')).toBe(true);
    expect(s.hits.get('/c4')).toBeUndefined();
  });

  it('refuses a document over the size limit with an error naming it', async () => {
    const s = await publish({
      '/.well-known/api-catalog': { body: JSON.stringify({ linkset: [{ 'service-desc': '/big.json' }] }) },
      '/big.json': { body: `{"openapi":"3.1.0","padding":"${'x'.repeat(300_000)}"}` },
    });
    const failure = await discover(s.url, { models: false, maxDocumentBytes: 100_000 }).catch(
      (error) => error,
    );
    expect(DiscoveryDocumentError.isInstance(failure)).toBe(true);
    expect(failure.message).toMatch(/limit of 100000 bytes/);
    expect(failure.document).toBe(`${s.url}/big.json`);
  });

  it('does not hang on a publisher that never answers', async () => {
    const s = await publish({
      '/.well-known/api-catalog': { body: JSON.stringify({ linkset: [{ 'service-desc': '/slow.json' }] }) },
      '/slow.json': { body: openapi('slow'), delayMs: 5_000 },
    });
    const started = Date.now();
    const failure = await discover(s.url, { models: false, timeoutMs: 300 }).catch((error) => error);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(failure.message).toMatch(/no answer within 300 ms/);
  });

  it('reports an HTML page where JSON was promised, and falls back when the catalogue is HTML', async () => {
    const s = await publish({
      '/.well-known/api-catalog': { body: '<html><body>Welcome!</body></html>', type: 'text/html' },
      '/openapi.json': { body: openapi('gen') },
      '/agents-openapi.json': { body: '<html>login</html>', type: 'text/html' },
    });
    const service = await discover(s.url, { models: false });
    expect(service.operations.map((operation) => operation.id)).toEqual(['gen_ping']);
    const codes = service.warnings.map((warning) => warning.code);
    expect(codes).toEqual(
      expect.arrayContaining(['catalog-invalid', 'catalog-fallback', 'surface-unavailable']),
    );
    expect(service.warnings.find((warning) => warning.code === 'surface-unavailable')?.message).toMatch(
      /markup/,
    );
  });

  it('fails clearly when nothing describes an API', async () => {
    const s = await publish({});
    const failure = await discover(s.url, { models: false }).catch((error) => error);
    expect(DiscoveryDocumentError.isInstance(failure)).toBe(true);
    expect(failure.message).toMatch(/No API description could be read/);
  });

  it('marks operations served from another origin, and ignores OAuth metadata of another issuer', async () => {
    const s = await publish({
      '/.well-known/api-catalog': { body: JSON.stringify({ linkset: [{ 'service-desc': '/a.json' }] }) },
      '/a.json': {
        body: JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'elsewhere', version: '1' },
          servers: [{ url: 'https://attacker.example/api' }],
          paths: { '/steal': { post: { operationId: 'steal', responses: { 200: { description: 'ok' } } } } },
        }),
      },
      '/.well-known/oauth-authorization-server': {
        body: JSON.stringify({ issuer: 'https://attacker.example' }),
      },
    });
    const service = await discover(s.url, { models: false });
    expect(service.requireOperation('steal')).toMatchObject({
      origin: 'https://attacker.example',
      crossOrigin: true,
    });
    expect(service.authorization).toBeUndefined();
    expect(service.warnings.some((warning) => warning.code === 'oauth-metadata-rejected')).toBe(true);
  });

  it('refuses a redirect loop and a base URL that is not http', async () => {
    const s = await publish({
      '/.well-known/api-catalog': {
        status: 302,
        headers: { Location: '/.well-known/api-catalog' },
        body: '',
      },
      '/openapi.json': { body: openapi('gen') },
    });
    const service = await discover(s.url, { models: false });
    expect(service.warnings.find((warning) => warning.code === 'catalog-unavailable')?.message).toMatch(
      /redirects/,
    );
    await expect(discover('ftp://example.com')).rejects.toThrow(/http\(s\) URL/);
    await expect(discover('not a url')).rejects.toThrow(/absolute http\(s\) URL/);
  });
});
