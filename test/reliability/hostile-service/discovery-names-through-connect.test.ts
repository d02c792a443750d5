/**
 * Issue 22, finding 10, through the public entry points: a hostile "model marketplace" reached at a
 * public-looking base URL publishes a catalogue whose links name hosts that the resolver the
 * caller injects (`connect({ discovery: { resolveHost } })`) maps to 127.0.0.1; `connect()` refuses
 * them and the loopback server behind those names receives nothing, while a link to a name mapped
 * to a public address is followed and its operations are in the session.
 *
 * Then DNS rebinding through `discover()` itself, over the toolkit's own wire: the resolver answers
 * a public address when discovery checks a link and 127.0.0.1 when the connection is made. The
 * pinned fetch resolves again at connection time with the same injected resolver and refuses; no
 * connection is made anywhere (the name is never connected to, public or not).
 *
 * No real DNS and no traffic beyond loopback: the test's `fetch` routes every host to one of its
 * two servers, and the rebinding resolver never lets a connection reach its public answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBuiltInTransport } from '../../../src/http/built-in-transport.js';
import { createFetchTransport } from '../../../src/http/index.js';
import { connect, discover } from '../../../src/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';

const PUBLIC_ADDRESS = '203.0.113.9';
const BASE = 'https://market.rebinding.example';

let market: LoopbackServer;
let hidden: LoopbackServer;
/** What the server behind the loopback names received: must stay empty. */
const hiddenRequests: string[] = [];

function document(operationId: string): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: operationId, version: '1' },
    paths: {
      [`/${operationId}`]: {
        get: { operationId, summary: operationId, responses: { '200': { description: 'ok' } } },
      },
    },
  });
}

/** The catalogue links to names only; which ones are loopback is the resolver's answer. */
function catalogue(port: string): string {
  const entry = (href: string) => ({ anchor: href, 'service-desc': [{ href }] });
  return JSON.stringify({
    linkset: [
      entry(`http://admin.rebinding.example:${port}/openapi.json`),
      entry(`http://rebind.rebinding.example:${port}/openapi.json`),
      entry('https://docs.rebinding.example/public-docs.json'),
      // The market's own document, on the base URL's host.
      entry(`${BASE}/openapi.json`),
    ],
  });
}

function serveMarket(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/.well-known/api-catalog')
    response
      .writeHead(200, { 'content-type': 'application/linkset+json' })
      .end(catalogue(new URL(hidden.url).port));
  else if (path === '/openapi.json')
    response.writeHead(200, { 'content-type': 'application/json' }).end(document('list_listings'));
  else if (path === '/public-docs.json')
    response.writeHead(200, { 'content-type': 'application/json' }).end(document('list_public_docs'));
  else response.writeHead(404).end();
}

/** Hosts with the hidden server's port go there; every other host to the market. */
const routingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const target = url.port === new URL(hidden.url).port ? hidden.url : market.url;
  return fetch(`${target}${url.pathname}${url.search}`, { ...init, redirect: 'manual' });
};

beforeAll(async () => {
  market = await listenOnLoopback(createServer(serveMarket));
  hidden = await listenOnLoopback(
    createServer((request, response) => {
      hiddenRequests.push(`${request.headers.host} ${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json' }).end(document('read_admin_secrets'));
    }),
  );
});
afterAll(async () => {
  await market?.close();
  await hidden?.close();
});

describe('connect({ discovery: { resolveHost } })', () => {
  it('refuses links to names the resolver maps to 127.0.0.1 and follows those it maps to a public address', async () => {
    hiddenRequests.length = 0;
    const resolved: string[] = [];
    const resolveHost = async (hostname: string): Promise<readonly string[]> => {
      resolved.push(hostname);
      return hostname.startsWith('docs.') || hostname.startsWith('market.')
        ? [PUBLIC_ADDRESS]
        : ['127.0.0.1'];
    };
    const session = await connect({
      baseUrl: BASE,
      http: { fetch: routingFetch },
      discovery: { models: false, resolveHost, requiredSurfaces: [] },
    });
    try {
      const ids = session.service.operations.map((operation) => operation.id);
      expect(ids).toContain('list_listings');
      // Followed: the name the resolver maps to a public address.
      expect(ids).toContain('list_public_docs');
      expect(ids).not.toContain('read_admin_secrets');
      expect(hiddenRequests).toEqual([]);
      expect(resolved).toEqual(
        expect.arrayContaining([
          'admin.rebinding.example',
          'rebind.rebinding.example',
          'docs.rebinding.example',
        ]),
      );
      const refused = session.service.warnings.filter((warning) =>
        /resolves to 127\.0\.0\.1/.test(warning.message),
      );
      expect(refused.map((warning) => new URL(warning.document).hostname).sort()).toEqual([
        'admin.rebinding.example',
        'rebind.rebinding.example',
      ]);
    } finally {
      await session.close();
    }
  });
});

describe("discover() over the toolkit's own wire", () => {
  it('refuses a name that answers public when checked and 127.0.0.1 when connected to (rebinding)', async () => {
    hiddenRequests.length = 0;
    const answers = new Map<string, number>();
    const rebinding = async (hostname: string): Promise<readonly string[]> => {
      const asked = (answers.get(hostname) ?? 0) + 1;
      answers.set(hostname, asked);
      if (hostname === 'market.rebinding.example') return [PUBLIC_ADDRESS];
      // The check gets a public address; every later answer (the connection's) is loopback, so no
      // connection is ever made to the public one.
      return asked === 1 ? [PUBLIC_ADDRESS] : ['127.0.0.1'];
    };
    // The base URL's own reads go to the market; the wire is marked as the toolkit's own, as
    // connect() marks its default one, so other hosts are read through the pinned fetch.
    const baseWire = createFetchTransport(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== 'market.rebinding.example') throw new Error(`unexpected read of ${url.hostname}`);
      return routingFetch(input, init);
    });
    const description = await discover(BASE, {
      models: false,
      transport: markBuiltInTransport(baseWire),
      resolveHost: rebinding,
      requiredSurfaces: [],
    });
    expect(hiddenRequests).toEqual([]);
    // Each link was checked once (public) and refused where the connection was made (loopback).
    const refusals = description.warnings.filter((warning) =>
      /resolves to 127\.0\.0\.1/.test(warning.message),
    );
    expect(refusals.length).toBeGreaterThanOrEqual(3);
    for (const host of ['admin.rebinding.example', 'rebind.rebinding.example', 'docs.rebinding.example']) {
      expect(answers.get(host), host).toBeGreaterThanOrEqual(2);
      expect(
        refusals.some((warning) => warning.document.includes(host)),
        host,
      ).toBe(true);
    }
    expect(description.operations.map((operation) => operation.id)).toEqual(['list_listings']);
  });
});
