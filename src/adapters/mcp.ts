/**
 * The MCP adapter: `generation-agent-toolkit/mcp`. It alone loads the MCP SDK.
 *
 * `createMcpServer(session)` offers the session's tools to any MCP client: `serveStdio` for clients
 * that launch a process (Claude Desktop, Cursor), `serveMcpHttp` or `createMcpHttpHandler` for
 * those that connect to a URL.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module generation-agent-toolkit/mcp
 */

export type { McpServerInfo } from '../discovery/documents/mcp-manifest.js';
export type { McpInspector } from '../discovery/mcp-inspector.js';
// Exported here too, so that this entry's declarations import it from a chunk, never from another
// framework's entry.
export type { ToolSpecOptions } from '../tools/index.js';
export { createMcpServer } from './mcp/create-mcp-server.js';
export type { McpHttpHandler, McpHttpHandlerOptions, McpServerFactory } from './mcp/mcp-http-handler.js';
export { createMcpHttpHandler } from './mcp/mcp-http-handler.js';
export type { McpInspectorOptions } from './mcp/mcp-inspector.js';
export { createMcpInspector } from './mcp/mcp-inspector.js';
export type { ApprovalRequest, ApproveCallback, McpServerOptions } from './mcp/mcp-server-options.js';
export type { RequestGuardOptions } from './mcp/request-guard.js';
export type { McpHttpListener, ServeMcpHttpOptions } from './mcp/serve-mcp-http.js';
export { serveMcpHttp } from './mcp/serve-mcp-http.js';
export type { ServeStdioOptions, StdioConnection } from './mcp/serve-stdio.js';
export { serveStdio } from './mcp/serve-stdio.js';
