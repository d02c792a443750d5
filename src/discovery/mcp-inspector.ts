import type { FetchFunction } from '../http/transport.js';
import type { McpServerInfo } from './documents/mcp-manifest.js';

/**
 * What a live look at an MCP server found: its tools and its reference resources.
 * @inline
 */
export interface McpInspection {
  readonly tools: readonly string[];
  readonly resources: ReadonlyArray<{
    readonly uri: string;
    readonly mimeType?: string;
    readonly text: string;
  }>;
}

/**
 * Connects to a hosted MCP server and reads what it offers. The core has no MCP client of its own
 * (framework packages stay in their adapters); `createMcpInspector()` from
 * `generation-agent-toolkit/mcp` implements this with the official SDK.
 */
export interface McpInspector {
  inspect(server: McpServerInfo, context?: McpInspectionContext): Promise<McpInspection>;
}

/**
 * What `discover()` tells an inspector about the inspection it asks for.
 * @inline
 */
export interface McpInspectionContext {
  readonly signal?: AbortSignal;
  /**
   * Origin of the service whose documents named the server. A server elsewhere is the documents'
   * word, not the caller's: it gets none of the caller's headers (credentials) unless trusted.
   * @default the server's own origin (a server the caller named directly)
   */
  readonly serviceOrigin?: string;
  /**
   * The `fetch` to connect with. `discover()` gives one when the base URL is public and the server
   * is on another host reached by name over the toolkit's own wire: it resolves the name again at
   * connection time and connects only to an address that is not loopback, private or link-local
   * (DNS rebinding gains nothing), as discovery's own reads of other hosts do.
   * @default the platform's `fetch`
   */
  readonly fetch?: FetchFunction;
}
