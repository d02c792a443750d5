import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import type { ToolResult } from '../../tools/tool-result.js';

/** The last path segment of a URL, as a file name a host can show. */
function fileNameOf(url: string, index: number): string {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop();
    if (segment) return decodeURIComponent(segment).slice(0, 200);
  } catch {
    // Not a URL the host can parse either: a generic name.
  }
  return `output-${index + 1}`;
}

/**
 * The envelope as an MCP tool result: `structuredContent` for clients that read it, the same JSON,
 * compact, as a text block for those that do not (as the MCP specification advises), every output
 * file as a `resource_link` a host can show or fetch, and `isError` for failures. A job still
 * running is not an error: its result says how to resume it. `extra` blocks (inline media) come
 * after the links.
 */
export function toCallToolResult(result: ToolResult, extra: readonly ContentBlock[] = []): CallToolResult {
  const links: ContentBlock[] =
    result.status === 'success'
      ? result.outputs.map((output, index) => ({
          type: 'resource_link' as const,
          uri: output.url,
          name: fileNameOf(output.url, index),
          ...(output.mediaType !== undefined ? { mimeType: output.mediaType } : {}),
          ...('size' in output && typeof output.size === 'number' ? { size: output.size } : {}),
        }))
      : [];
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }, ...links, ...extra],
    structuredContent: { ...result },
    isError: result.status === 'error',
  };
}
