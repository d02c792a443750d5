import type { Tool } from '@modelcontextprotocol/server';
import type { ToolSpec } from '../../tools/tool-spec.js';
import { toolIcon } from './tool-icons.js';
import { TOOL_RESULT_OUTPUT_SCHEMA } from './tool-result-schema.js';

const KIND_TITLES: Partial<Record<ToolSpec['kind'], string>> = {
  search: 'Search the operations',
  describe: 'Describe an operation',
  call: 'Call an operation',
  resume: 'Resume a job',
};

/** A readable title for a tool without one: `v7_images_text_to_image` -> `V7 images text to image`. */
function titleOf(spec: ToolSpec): string {
  const given = spec.annotations.title ?? KIND_TITLES[spec.kind];
  if (given !== undefined && given.trim() !== '') return given;
  const words = spec.name.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A tool as `tools/list` shows it: the spec's name, description and input schema unchanged (JSON
 * Schema passes through; no conversion loses a keyword), a title and an icon, and its hints as
 * MCP annotations. With `outputSchema`, the result envelope's schema too; `_meta` as given (the
 * media viewer's `ui.resourceUri`).
 */
export function toolListing(
  spec: ToolSpec,
  options: {
    readonly outputSchema?: boolean;
    readonly _meta?: Record<string, unknown>;
    /**
     * The tool's `execution.taskSupport` (2025-11-25 tasks): 'optional' for a tool that runs jobs,
     * so that a client's task helpers call it as a task; absent means 'forbidden' by the spec.
     */
    readonly taskSupport?: 'optional' | 'required';
  } = {},
): Tool {
  const { title: _title, ...hints } = spec.annotations;
  const title = titleOf(spec);
  return {
    name: spec.name,
    title,
    description: spec.description,
    inputSchema: spec.inputSchema as Tool['inputSchema'],
    ...(options.outputSchema
      ? { outputSchema: TOOL_RESULT_OUTPUT_SCHEMA as unknown as Tool['outputSchema'] }
      : {}),
    icons: [toolIcon(spec)],
    annotations: { title, ...hints },
    ...(options.taskSupport ? { execution: { taskSupport: options.taskSupport } } : {}),
    ...(options._meta ? { _meta: options._meta } : {}),
  };
}
