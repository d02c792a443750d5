import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '../../tools/tool-result.js';

/**
 * The envelope as an MCP tool result: `structuredContent` for clients that read it, the same JSON,
 * compact, as the one text block for those that do not (as the MCP specification advises), and
 * `isError` for failures. A job still running is not an error: its result says how to resume it.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: { ...result },
    isError: result.status === 'error',
  };
}
