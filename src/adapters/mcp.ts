/**
 * The MCP adapter: `generation-agent-toolkit/mcp`. It alone loads the MCP SDK.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module
 */

export type { McpInspectorOptions } from './mcp/mcp-inspector.js';
export { createMcpInspector } from './mcp/mcp-inspector.js';
