/**
 * The hosted MCP servers of the service: generation v7, generation v8 and the control plane, over
 * Streamable HTTP on the emulator's own port, with their manifest and server card.
 * @module
 */
import type { EmulatorApp, EmulatorContext } from '../context.js';
import { DocumentCache } from '../documents/document-cache.js';
import { sendDocument } from '../documents/published-document.js';
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
  // Published like every other discovery document: built once per origin, with ETag and Cache-Control.
  const documents = new DocumentCache();
  const json = { contentType: 'application/json' };
  app.get('/.well-known/mcp.json', (c) =>
    sendDocument(
      c,
      documents.get(c.get('origin'), 'mcp.json', () =>
        JSON.stringify(buildMcpManifest(servers, c.get('origin')), null, 2),
      ),
      json,
    ),
  );
  app.get('/.well-known/mcp/server-card.json', (c) =>
    sendDocument(
      c,
      documents.get(c.get('origin'), 'server-card', () =>
        JSON.stringify(buildServerCards(servers, c.get('origin'))),
      ),
      json,
    ),
  );
}
