/**
 * A hostile `mcp.json` (issue 14, finding 9): `createMcpInspector({ headers })` sends the caller's
 * headers only to the service's own origin (or origins the caller trusts), never to a server the
 * documents place elsewhere, nor across a redirect to one.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMcpInspector } from '../../../src/adapters/mcp.js';
import { discover } from '../../../src/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';
import { CANARY_KEY } from '../support/canaries.js';

const OPENAPI = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'A', version: '1' },
  paths: { '/a': { get: { operationId: 'get_a', responses: { '200': { description: 'ok' } } } } },
});

/** Every request either server received, with the headers that matter here. */
const received: { server: 'service' | 'foreign'; path: string; authorization?: string; apiKey?: string }[] =
  [];
let service: LoopbackServer;
let foreign: LoopbackServer;
/** The servers `mcp.json` names, relative to the service's origin when they start with `/`. */
let manifestServers: string[] = [];

function record(server: 'service' | 'foreign', request: IncomingMessage): string {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  received.push({
    server,
    path,
    ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
    ...(request.headers['x-api-key'] ? { apiKey: String(request.headers['x-api-key']) } : {}),
  });
  return path;
}

function serveService(request: IncomingMessage, response: ServerResponse): void {
  const path = record('service', request);
  if (path === '/openapi.json') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(OPENAPI);
  } else if (path === '/.well-known/mcp.json') {
    const servers = manifestServers.map((url, index) => ({
      name: `server-${index}`,
      url: url.startsWith('/') ? `${service.url}${url}` : url,
      transport: 'streamable-http',
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servers }));
  } else if (path === '/mcp-moved') {
    response.writeHead(307, { location: `${foreign.url}/mcp` }).end();
  } else {
    response.writeHead(404).end();
  }
}

function serveForeign(request: IncomingMessage, response: ServerResponse): void {
  record('foreign', request);
  response.writeHead(404).end();
}

beforeAll(async () => {
  service = await listenOnLoopback(createServer(serveService));
  foreign = await listenOnLoopback(createServer(serveForeign));
});

afterAll(async () => {
  await service.close();
  await foreign.close();
});

beforeEach(() => {
  received.length = 0;
});

const inspector = (trustedOrigins: string[] = []) =>
  createMcpInspector({
    headers: () => ({ Authorization: `Bearer ${CANARY_KEY}`, 'X-Api-Key': CANARY_KEY }),
    trustedOrigins,
    timeoutMs: 2_000,
  });

async function discoverWith(servers: string[], trustedOrigins: string[] = []) {
  manifestServers = servers;
  return discover(service.url, { models: false, mcp: inspector(trustedOrigins) });
}

const carriedHeaders = (server: 'service' | 'foreign') =>
  received.filter((request) => request.server === server && (request.authorization || request.apiKey));

describe('the MCP inspector’s headers', () => {
  it('go to a server on the service’s own origin', async () => {
    await discoverWith(['/mcp']);
    expect(carriedHeaders('service').map((request) => request.path)).toContain('/mcp');
  });

  it('do not go to a server that mcp.json places on another origin', async () => {
    const description = await discoverWith([`${foreign.url}/mcp`]);
    expect(received.some((request) => request.server === 'foreign')).toBe(true);
    expect(carriedHeaders('foreign')).toEqual([]);
    expect(description.warnings.map((warning) => warning.code)).toContain('mcp-unavailable');
  });

  it('do not follow a redirect to another origin', async () => {
    await discoverWith(['/mcp-moved']);
    expect(carriedHeaders('service').map((request) => request.path)).toContain('/mcp-moved');
    // Issue 22, finding 10: not even without the headers; the redirect is not followed at all.
    expect(received.some((request) => request.server === 'foreign')).toBe(false);
    expect(carriedHeaders('foreign')).toEqual([]);
  });

  it('go to an origin the caller trusts', async () => {
    await discoverWith([`${foreign.url}/mcp`], [foreign.url]);
    expect(carriedHeaders('foreign').length).toBeGreaterThan(0);
  });
});
