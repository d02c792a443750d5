import type { JsonSchema } from '../catalogue/types.js';
import type { EmulatorApp } from '../context.js';

/** MCP tool annotations: hints a client may show or act on; they promise nothing. */
export interface ToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** One text block of a tool result. */
export interface TextContent {
  readonly type: 'text';
  readonly text: string;
}

/** What `tools/call` answers: the shape of MCP's CallToolResult, kept free of the SDK's types. */
export interface ToolCallResult {
  readonly content: TextContent[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError: boolean;
  readonly _meta?: Record<string, unknown>;
}

/** What a tool call knows about the MCP request that carries it. */
export interface ToolCallContext {
  /** The emulator's app: tools call the service through it, so every middleware applies. */
  readonly app: EmulatorApp;
  /** The origin the MCP client used; internal requests go to the same origin. */
  readonly origin: string;
  /** The MCP request's Authorization header, forwarded as is. */
  readonly authorization: string | undefined;
  readonly signal?: AbortSignal;
}

/** A tool of a hosted MCP server: what `tools/list` shows, and what `tools/call` runs. */
export interface McpToolDefinition {
  /** Matches ^[a-zA-Z0-9_-]{1,64}$. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
  call(args: Record<string, unknown>, context: ToolCallContext): Promise<ToolCallResult>;
}
