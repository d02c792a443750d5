import { VERSION } from '../version.js';
import { authenticationOf } from './mcp-manifest.js';
import { resourceListing, toolListing } from './protocol-server.js';
import { MCP_PROTOCOL_VERSION } from './protocol-version.js';
import { REFERENCE_RESOURCES } from './reference-resources.js';
import { SERVER_CAPABILITIES } from './server-capabilities.js';
import type { McpServerDefinition } from './servers.js';

/**
 * One server's card in the shape of MCP SEP-1649: what `initialize`, `tools/list` and
 * `resources/list` would answer, readable before connecting.
 */
function serverCard(server: McpServerDefinition, origin: string): Record<string, unknown> {
  return {
    protocolVersion: MCP_PROTOCOL_VERSION,
    serverInfo: { name: server.id, title: server.title, version: VERSION },
    description: server.description,
    instructions: server.instructions,
    transport: { type: 'streamable-http', endpoint: `${origin}${server.path}` },
    capabilities: SERVER_CAPABILITIES,
    authentication: authenticationOf(server, origin),
    tools: server.tools.map(toolListing),
    resources: REFERENCE_RESOURCES.map(resourceListing),
    prompts: [],
  };
}

/** `/.well-known/mcp/server-card.json`: a card for each of the three hosted servers. */
export function buildServerCards(
  servers: readonly McpServerDefinition[],
  origin: string,
): Record<string, unknown> {
  return {
    name: 'generation-service',
    manifest: `${origin}/.well-known/mcp.json`,
    servers: servers.map((server) => serverCard(server, origin)),
  };
}
