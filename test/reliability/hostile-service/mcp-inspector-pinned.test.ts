/**
 * Issue 22: discovery checked an MCP server's address before `createMcpInspector()` connected to
 * it, but the connection itself was the MCP client's own `fetch`, which resolves the name again:
 * a hostile service's `mcp.json` naming a host that answers a public address to the check and
 * 127.0.0.1 to the connection (DNS rebinding) had the inspector's `initialize` land on loopback.
 * Now, from a public base URL over the toolkit's own wire, the inspector connects through the
 * pinned fetch discovery's reads use: the name is resolved again where the connection is made,
 * with the same resolver, and refused. The MCP server behind the name receives nothing.
 *
 * No real DNS and no traffic beyond loopback: the base URL's reads go to the service through the
 * test's wire; the rebinding resolver never lets a connection reach its public answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpInspector } from '../../../src/adapters/mcp.js';
import { markBuiltInTransport } from '../../../src/http/built-in-transport.js';
import { createFetchTransport } from '../../../src/http/index.js';
import { discover } from '../../../src/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';

const PUBLIC_ADDRESS = '203.0.113.21';
const BASE = 'https://tools.mcp-rebinding.example';
const MCP_HOST = 'mcp.mcp-rebinding.example';

const OPENAPI = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Tools', version: '1' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'ok' } } } } },
});

let service: LoopbackServer;
let mcpBehindName: LoopbackServer;
const mcpRequests: string[] = [];

function serveService(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/openapi.json') response.writeHead(200, { 'content-type': 'application/json' }).end(OPENAPI);
  else if (path === '/.well-known/mcp.json')
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        servers: [
          {
            name: 'tools',
            url: `http://${MCP_HOST}:${new URL(mcpBehindName.url).port}/mcp`,
            transport: 'streamable-http',
          },
        ],
      }),
    );
  else response.writeHead(404).end();
}

beforeAll(async () => {
  service = await listenOnLoopback(createServer(serveService));
  mcpBehindName = await listenOnLoopback(
    createServer((request, response) => {
      mcpRequests.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    }),
  );
});
afterAll(async () => {
  await service?.close();
  await mcpBehindName?.close();
});

describe('createMcpInspector() reached from a public base URL', () => {
  it('connects only to a checked address: a server name that rebinds to 127.0.0.1 is refused', async () => {
    const answers = new Map<string, number>();
    const rebinding = async (hostname: string): Promise<readonly string[]> => {
      const asked = (answers.get(hostname) ?? 0) + 1;
      answers.set(hostname, asked);
      if (hostname !== MCP_HOST) return [PUBLIC_ADDRESS];
      return asked === 1 ? [PUBLIC_ADDRESS] : ['127.0.0.1'];
    };
    // The base URL's reads go to the service; marked as the toolkit's own wire, as connect() does.
    const baseWire = createFetchTransport(async (input, init) => {
      const url = new URL(String(input));
      if (url.hostname !== new URL(BASE).hostname) throw new Error(`unexpected read of ${url.hostname}`);
      return fetch(`${service.url}${url.pathname}${url.search}`, { ...init, redirect: 'manual' });
    });
    const description = await discover(BASE, {
      models: false,
      transport: markBuiltInTransport(baseWire),
      resolveHost: rebinding,
      mcp: createMcpInspector({ timeoutMs: 5_000 }),
      requiredSurfaces: [],
    });
    expect(mcpRequests).toEqual([]);
    // Checked once (public), resolved again where the connection was made (loopback): refused.
    expect(answers.get(MCP_HOST)).toBeGreaterThanOrEqual(2);
    const warning = description.warnings.find((entry) => entry.code === 'mcp-unavailable');
    expect(warning?.document).toContain(MCP_HOST);
    expect(warning?.message).toMatch(
      /mcp\.mcp-rebinding\.example resolves to 127\.0\.0\.1, not a public address/,
    );
    expect(description.mcpServers.find((server) => server.name === 'tools')?.tools ?? []).toEqual([]);
  });
});
