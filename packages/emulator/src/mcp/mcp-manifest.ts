import { VERSION } from '../version.js';
import { MCP_PROTOCOL_VERSION } from './protocol-version.js';
import { REFERENCE_RESOURCES } from './reference-resources.js';
import { SERVER_CAPABILITIES } from './server-capabilities.js';
import type { McpServerDefinition } from './servers.js';

/** The authentication block both discovery documents publish for a server. */
export function authenticationOf(server: McpServerDefinition, origin: string): Record<string, unknown> {
  return {
    required: true,
    schemes: [server.authentication.scheme],
    header: 'Authorization',
    credential: server.authentication.credential,
    description: server.authentication.description,
    documentation: `${origin}/auth.md`,
  };
}

/**
 * `/.well-known/mcp.json`: the three hosted servers, each with its Streamable HTTP address (absolute,
 * on the origin the client used), its credential, capabilities and reference resources.
 */
export function buildMcpManifest(
  servers: readonly McpServerDefinition[],
  origin: string,
): Record<string, unknown> {
  return {
    name: 'generation-service',
    description:
      'Model Context Protocol servers of the generation service: generation v7, generation v8 and the agent control plane.',
    serverCard: `${origin}/.well-known/mcp/server-card.json`,
    servers: servers.map((server) => ({
      name: server.id,
      title: server.title,
      description: server.description,
      version: VERSION,
      protocolVersion: MCP_PROTOCOL_VERSION,
      transport: { type: 'streamable-http', url: `${origin}${server.path}` },
      authentication: authenticationOf(server, origin),
      capabilities: SERVER_CAPABILITIES,
      tools: server.tools.length,
      resources: REFERENCE_RESOURCES.map((resource) => resource.uri),
    })),
  };
}
