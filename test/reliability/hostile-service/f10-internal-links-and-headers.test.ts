/**
 * Issue 22, finding 10, against a hostile service of our own:
 *
 * - its API catalogue, reached at a public base URL, links to internal addresses (cloud metadata
 *   169.254.169.254, loopback written as a decimal number, in octal and as IPv4-mapped IPv6,
 *   private networks, IPv6 link-local and unique-local, `localhost`); discovery asks none of
 *   them, and says why in a warning. At a loopback base URL the same links are read;
 * - its hosted MCP server redirects to another origin: `createMcpInspector` does not follow, so
 *   the other origin receives nothing (not even an `initialize` without the headers);
 * - its answers carry a `Link` field of thousands of `<`: the time to read it grows with its
 *   length, not with its square (compared as a ratio of n to 8n, never as an absolute time).
 *
 * Traffic stays on loopback: the public base URL is a name this test's `fetch` routes to its own
 * server, recording which host each request was for.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpInspector } from '../../../src/adapters/mcp.js';
import { linksWithRelation } from '../../../src/http/index.js';
import { discover } from '../../../src/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';

const PUBLIC_BASE = 'https://api.hostile-catalogue.example';
const INTERNAL_TARGETS = [
  'http://169.254.169.254/latest/meta-data/openapi.json',
  'http://2130706433/openapi.json',
  'http://0177.0.0.1/openapi.json',
  'http://0x7f.0.0.1/openapi.json',
  'http://[::ffff:127.0.0.1]/openapi.json',
  'http://[::1]/openapi.json',
  'http://10.20.30.40/openapi.json',
  'http://192.168.1.1/openapi.json',
  'http://172.16.0.9/openapi.json',
  'http://[fe80::1]/openapi.json',
  'http://[fd00::7]/openapi.json',
  'http://localhost/openapi.json',
  'http://metadata.google.internal/computeMetadata/v1/',
];

const OPENAPI = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Hostile', version: '1' },
  paths: { '/things': { get: { operationId: 'list_things', responses: { '200': { description: 'ok' } } } } },
});

/** Hosts each request of discovery was for (as the URL named them, before routing). */
const askedHosts: string[] = [];
let service: LoopbackServer;
/** Whether the service publishes its hostile catalogue (the MCP tests read none, and no fetch is routed there). */
let publishCatalogue = true;
let foreign: LoopbackServer;
const foreignRequests: string[] = [];

function catalogue(): string {
  const entry = (href: string) => ({ anchor: href, 'service-desc': [{ href }] });
  return JSON.stringify({
    linkset: [
      ...INTERNAL_TARGETS.map(entry),
      { anchor: `${PUBLIC_BASE}/`, 'service-desc': [{ href: `${PUBLIC_BASE}/openapi.json` }] },
      { anchor: 'nested', 'api-catalog': [{ href: 'http://169.254.169.254/.well-known/api-catalog' }] },
    ],
  });
}

function serveService(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/.well-known/api-catalog' && publishCatalogue)
    response.writeHead(200, { 'content-type': 'application/linkset+json' }).end(catalogue());
  else if (path.endsWith('openapi.json'))
    response.writeHead(200, { 'content-type': 'application/json', link: '<'.repeat(16_000) }).end(OPENAPI);
  else if (path === '/.well-known/mcp.json')
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        servers: [{ name: 'moved', url: `${service.url}/mcp`, transport: 'streamable-http' }],
      }),
    );
  else if (path === '/mcp') response.writeHead(307, { location: `${foreign.url}/mcp` }).end();
  else response.writeHead(404).end();
}

/** Discovery's `fetch`: every host is this test's server; the host asked for is recorded. */
const routingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  askedHosts.push(url.hostname);
  return fetch(`${service.url}${url.pathname}${url.search}`, { ...init, redirect: 'manual' });
};

beforeAll(async () => {
  service = await listenOnLoopback(createServer(serveService));
  foreign = await listenOnLoopback(
    createServer((request, response) => {
      foreignRequests.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    }),
  );
});
afterAll(async () => {
  await service?.close();
  await foreign?.close();
});

describe('catalogue links to internal addresses', () => {
  it('make discovery fail, with the reason, when every surface is required', async () => {
    askedHosts.length = 0;
    publishCatalogue = true;
    const failure = await discover(PUBLIC_BASE, { models: false, fetch: routingFetch }).catch(
      (error: unknown) => error,
    );
    expect(String(failure)).toMatch(/not a public address/);
    expect(askedHosts.filter((host) => host !== new URL(PUBLIC_BASE).hostname)).toEqual([]);
  });

  it('are not read when the base URL is public, and each refusal is told', async () => {
    askedHosts.length = 0;
    publishCatalogue = true;
    const description = await discover(PUBLIC_BASE, {
      models: false,
      fetch: routingFetch,
      requiredSurfaces: [],
    });
    const internal = askedHosts.filter((host) => host !== new URL(PUBLIC_BASE).hostname);
    expect(internal).toEqual([]);
    expect(description.operations.map((operation) => operation.id)).toContain('list_things');
    const refusals = description.warnings.filter((warning) => /not a public address/.test(warning.message));
    // Every internal target (its spellings of one address read as one) is refused with a reason.
    const distinct = new Set(INTERNAL_TARGETS.map((target) => new URL(target).href));
    expect(refusals.length).toBeGreaterThanOrEqual(distinct.size);
  });

  it('are read when the base URL is itself a loopback address', async () => {
    askedHosts.length = 0;
    publishCatalogue = true;
    await discover(service.url, { models: false, fetch: routingFetch, requiredSurfaces: [] });
    expect(askedHosts).toContain('169.254.169.254');
    expect(askedHosts).toContain('127.0.0.1');
  });
});

describe('an MCP server that redirects to another origin', () => {
  it('is not followed: the other origin receives nothing', async () => {
    foreignRequests.length = 0;
    publishCatalogue = false;
    const description = await discover(service.url, {
      models: false,
      mcp: createMcpInspector({
        headers: () => ({ authorization: 'Bearer inspector-secret' }),
        timeoutMs: 2_000,
      }),
    });
    expect(foreignRequests).toEqual([]);
    expect(description.warnings.map((warning) => warning.code)).toContain('mcp-unavailable');
  });

  it('is followed to an origin the caller trusts', async () => {
    foreignRequests.length = 0;
    publishCatalogue = false;
    await discover(service.url, {
      models: false,
      mcp: createMcpInspector({ trustedOrigins: [foreign.url], timeoutMs: 2_000 }),
    });
    expect(foreignRequests.length).toBeGreaterThan(0);
  });
});

/** The fastest of several runs of `work`, in ms: the least disturbed by the machine's load. */
function fastest(work: () => void, runs = 7): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return Math.max(best, 0.01);
}

describe('a Link field the service fills with `<`', () => {
  it('is read in time linear in its length (n against 8n, as a ratio)', () => {
    const shapes = [
      (n: number) => '<'.repeat(n),
      (n: number) => `${'<a'.repeat(n)}>; rel="sunset"`,
      (n: number) => `<x>${' ;'.repeat(n)}`,
      (n: number) => `<x>; rel="${'"'.repeat(n)}`,
      (n: number) => '<x>, '.repeat(n),
    ];
    for (const shape of shapes) {
      const small = shape(16_000);
      const large = shape(128_000);
      linksWithRelation(large, 'sunset');
      // The least of three ratios: a busy machine can only slow one run down, never speed one up.
      const ratio = Math.min(
        ...[0, 1, 2].map(
          () =>
            fastest(() => linksWithRelation(large, 'sunset')) /
            fastest(() => linksWithRelation(small, 'sunset')),
        ),
      );
      // Linear: about 8; the quadratic reading was about 64.
      expect(ratio, shape(3)).toBeLessThan(24);
    }
  });

  it('still yields the links a well-formed field names', () => {
    const field =
      '<https://a.example/sunset>; rel="sunset", <https://a.example/policy>; rel="deprecation alternate"';
    expect(linksWithRelation(field, 'sunset')).toEqual(['https://a.example/sunset']);
    expect(linksWithRelation(field, 'deprecation')).toEqual(['https://a.example/policy']);
    expect(linksWithRelation('<<<https://a.example/x>; rel=sunset', 'sunset')).toEqual([
      'https://a.example/x',
    ]);
  });
});
