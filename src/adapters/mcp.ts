/**
 * The MCP adapter: `generation-agent-toolkit/mcp`. It alone loads the MCP SDK.
 *
 * `createMcpServerFactory(session)` offers the session's tools to any MCP client, over the
 * 2026-07-28 and 2025-11-25 protocols alike: `serveStdio` for clients that launch a process (Claude
 * Desktop, Cursor), `createMcpHttpHandler` (a Web handler: Workers, Deno, Bun) or `serveMcpHttp`
 * (Node) for those that connect to a URL.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module generation-agent-toolkit/mcp
 */

export type { McpServerInfo } from '../discovery/documents/mcp-manifest.js';
export type { McpInspector } from '../discovery/mcp-inspector.js';
// Exported here too, so that this entry's declarations import it from a chunk, never from another
// framework's entry.
export type { ToolSpecOptions } from '../tools/index.js';
export type { McpServerFactory } from './mcp/create-mcp-server.js';
export {
  createMcpServer,
  createMcpServerFactory,
  DEFAULT_MCP_PROGRESS_WAIT_MS,
  DEFAULT_MCP_WAIT_MS,
} from './mcp/create-mcp-server.js';
export type { InlineMediaOptions } from './mcp/inline-media.js';
export type { LegacySessionOptions } from './mcp/legacy-session-handler.js';
export type { McpHttpHandler, McpHttpHandlerOptions } from './mcp/mcp-http-handler.js';
export { createMcpHttpHandler } from './mcp/mcp-http-handler.js';
export type { McpInspectorOptions } from './mcp/mcp-inspector.js';
export { createMcpInspector } from './mcp/mcp-inspector.js';
export type { ApprovalRequest, ApproveCallback, McpServerOptions } from './mcp/mcp-server-options.js';
export type { McpJobRecord, McpTaskStore, MemoryMcpTaskStoreOptions } from './mcp/mcp-task-store.js';
export { MemoryMcpTaskStore } from './mcp/mcp-task-store.js';
export type { MediaViewerOptions } from './mcp/media-viewer.js';
export type { MemoryMcpEventStoreOptions } from './mcp/memory-event-store.js';
export { MemoryMcpEventStore } from './mcp/memory-event-store.js';
export { PROGRESS_RESETS_TIMEOUT, type ResetsTimeoutOnProgress } from './mcp/progress-wait.js';
export type { RedisMcpEventStoreOptions } from './mcp/redis-event-store.js';
export { RedisMcpEventStore } from './mcp/redis-event-store.js';
export type { RedisMcpTaskStoreOptions } from './mcp/redis-mcp-task-store.js';
export { RedisMcpTaskStore } from './mcp/redis-mcp-task-store.js';
export type { RequestGuardOptions } from './mcp/request-guard.js';
export type { ResumableStreamOptions } from './mcp/resumable-legacy-handler.js';
export type { McpHttpListener, ServeMcpHttpOptions } from './mcp/serve-mcp-http.js';
export { serveMcpHttp } from './mcp/serve-mcp-http.js';
export type { ServeStdioOptions, StdioConnection } from './mcp/serve-stdio.js';
export { serveStdio } from './mcp/serve-stdio.js';
