/**
 * The hosted MCP servers of the service: generation v7, generation v8 and the control plane, over
 * Streamable HTTP on the emulator's own port, with their manifest and server card.
 * @module
 */
import type { EmulatorApp, EmulatorContext } from '../context.js';
import { mcpEndpoint } from './mcp-endpoint.js';
import { buildMcpManifest } from './mcp-manifest.js';
import { buildServerCards } from './server-card.js';
import { mcpServers } from './servers.js';

/** Serves the three MCP servers over Streamable HTTP, and their manifest and server card. */
export function registerMcpServers(app: EmulatorApp, ctx: EmulatorContext): void {
  const servers = mcpServers();
  for (const server of servers) {
    app.all(server.path, mcpEndpoint({ app, ctx, server }));
  }
  app.get('/.well-known/mcp.json', (c) => c.json(buildMcpManifest(servers, c.get('origin'))));
  app.get('/.well-known/mcp/server-card.json', (c) => c.json(buildServerCards(servers, c.get('origin'))));
}
