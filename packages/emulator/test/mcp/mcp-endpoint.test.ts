import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorEnv } from '../../src/context.js';
import { createEmulatorContext, type Emulator, startEmulator } from '../../src/emulator.js';
import { mcpEndpoint } from '../../src/mcp/mcp-endpoint.js';
import { mcpServers } from '../../src/mcp/servers.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe('the MCP endpoints', () => {
  it('answer a raw initialize with JSON and no session', async () => {
    const response = await fetch(`${emulator.url}/mcp/generation-v8`, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify(INITIALIZE),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const body = (await response.json()) as {
      result: { serverInfo: { name: string }; capabilities: object };
    };
    expect(body.result.serverInfo.name).toBe('generation-v8');
    expect(body.result.capabilities).toMatchObject({ tools: {}, resources: {} });
  });

  it('answer GET with 405, as a stateless server has no stream to offer', async () => {
    const response = await fetch(`${emulator.url}/mcp/control-plane`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, DELETE');
  });

  it('accept DELETE, there being no session to end', async () => {
    const response = await fetch(`${emulator.url}/mcp/generation-v7`, { method: 'DELETE' });
    expect(response.status).toBe(200);
  });

  it('carry the rate-limit fields of the service', async () => {
    const response = await fetch(`${emulator.url}/mcp/generation-v7`, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify(INITIALIZE),
    });
    expect(response.headers.get('ratelimit-policy')).toMatch(/^"public";/);
  });
});

describe('without the MCP SDK', () => {
  it('answers 501 with a message that says what to install', async () => {
    const ctx = createEmulatorContext();
    const app = new Hono<EmulatorEnv>();
    app.use('*', async (c, next) => {
      c.set('origin', new URL(c.req.url).origin);
      await next();
    });
    const server = mcpServers()[0]!;
    app.post(
      server.path,
      mcpEndpoint({
        app,
        ctx,
        server,
        loadSdk: () => Promise.reject(new Error("Cannot find package '@modelcontextprotocol/sdk'")),
      }),
    );
    const response = await app.request(server.path, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify(INITIALIZE),
    });
    expect(response.status).toBe(501);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('mcp_sdk_missing');
    expect(body.error.message).toContain('npm install @modelcontextprotocol/sdk');
  });
});
