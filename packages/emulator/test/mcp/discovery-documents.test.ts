import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, SERVERS } from './mcp-client.js';

interface ManifestEntry {
  name: string;
  title: string;
  description: string;
  version: string;
  transport: { type: string; url: string };
  authentication: { schemes: string[]; credential: string };
  capabilities: { tools: object; resources: object };
  resources: string[];
}

interface ServerCard {
  protocolVersion: string;
  serverInfo: { name: string; version: string };
  transport: { type: string; endpoint: string };
  capabilities: { tools: object; resources: object };
  tools: { name: string; inputSchema: { type: string } }[];
  resources: { uri: string; mimeType: string }[];
}

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${emulator.url}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(await response.text()) as T;
}

async function toolCount(url: string): Promise<number> {
  const client = await connectMcp(url);
  try {
    return (await client.listTools()).tools.length;
  } finally {
    await client.close();
  }
}

describe('/.well-known/mcp.json', () => {
  it('lists the three servers with their transport, credential, capabilities and resources', async () => {
    const manifest = await getJson<{ servers: ManifestEntry[] }>('/.well-known/mcp.json');
    expect(manifest.servers.map((server) => server.name)).toEqual(SERVERS.map((server) => server.id));
    for (const server of manifest.servers) {
      expect(server.title && server.description && server.version).toBeTruthy();
      expect(server.transport).toEqual({
        type: 'streamable-http',
        url: `${emulator.url}/mcp/${server.name}`,
      });
      expect(server.authentication.schemes).toEqual(['bearer']);
      expect(server.capabilities).toHaveProperty('tools');
      expect(server.capabilities).toHaveProperty('resources');
      expect(server.resources).toHaveLength(4);
    }
    expect(manifest.servers.map((server) => server.authentication.credential)).toEqual([
      'generation-api-key',
      'generation-api-key',
      'control-plane-token',
    ]);
  });

  it('gives URLs an MCP client connects to', async () => {
    const manifest = await getJson<{ servers: ManifestEntry[] }>('/.well-known/mcp.json');
    const counts = await Promise.all(manifest.servers.map((server) => toolCount(server.transport.url)));
    expect(counts).toEqual(SERVERS.map((server) => server.tools));
  });
});

describe('/.well-known/mcp/server-card.json', () => {
  it('holds a card per server with what initialize, tools/list and resources/list answer', async () => {
    const card = await getJson<{ servers: ServerCard[] }>('/.well-known/mcp/server-card.json');
    expect(card.servers.map((server) => server.serverInfo.name)).toEqual(SERVERS.map((server) => server.id));
    card.servers.forEach((server, index) => {
      expect(server.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(server.transport.type).toBe('streamable-http');
      expect(server.tools).toHaveLength(SERVERS[index]!.tools);
      for (const tool of server.tools) expect(tool.inputSchema.type).toBe('object');
      expect(server.resources.map((resource) => resource.uri)).toContain('reference://site-index');
    });
  });

  it('matches what the live servers list, at endpoints a client connects to', async () => {
    const card = await getJson<{ servers: ServerCard[] }>('/.well-known/mcp/server-card.json');
    for (const server of card.servers) {
      const client = await connectMcp(server.transport.endpoint);
      const live = (await client.listTools()).tools;
      expect(live.map((tool) => tool.name)).toEqual(server.tools.map((tool) => tool.name));
      expect(client.getServerVersion()?.name).toBe(server.serverInfo.name);
      await client.close();
    }
  });
});
