import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from '../../tools/tool-spec.js';
import { TOOL_RESULT_OUTPUT_SCHEMA } from './tool-result-schema.js';

/**
 * A tool as `tools/list` shows it: the spec's name, description and input schema unchanged (JSON
 * Schema passes through; no conversion loses a keyword), and its hints as MCP annotations. With
 * `outputSchema`, the result envelope's schema too.
 */
export function toolListing(spec: ToolSpec, options: { readonly outputSchema?: boolean } = {}): Tool {
  const { title, ...hints } = spec.annotations;
  return {
    name: spec.name,
    ...(title !== undefined ? { title } : {}),
    description: spec.description,
    inputSchema: spec.inputSchema as Tool['inputSchema'],
    ...(options.outputSchema
      ? { outputSchema: TOOL_RESULT_OUTPUT_SCHEMA as unknown as Tool['outputSchema'] }
      : {}),
    annotations: { ...(title !== undefined ? { title } : {}), ...hints },
  };
}
