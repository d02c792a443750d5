import { controlPlaneTools } from './control-plane-tools.js';
import { generationTools } from './generation-tools.js';
import { MCP_SERVER_IDENTITIES, type McpServerId, type McpServerIdentity } from './server-identities.js';
import type { McpToolDefinition } from './tool-definition.js';

/** A hosted MCP server: who it is and the tools it offers. */
export interface McpServerDefinition extends McpServerIdentity {
  readonly tools: readonly McpToolDefinition[];
}

const TOOLS: Readonly<Record<McpServerId, () => McpToolDefinition[]>> = {
  'generation-v7': () => generationTools('v7'),
  'generation-v8': () => generationTools('v8'),
  'control-plane': controlPlaneTools,
};

let servers: readonly McpServerDefinition[] | undefined;

/** The three hosted servers with their tools, built from the catalogue once. */
export function mcpServers(): readonly McpServerDefinition[] {
  servers ??= MCP_SERVER_IDENTITIES.map((identity) => ({ ...identity, tools: TOOLS[identity.id]() }));
  return servers;
}
