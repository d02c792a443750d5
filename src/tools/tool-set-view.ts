/**
 * How a tool set looks in a notebook: each tool's name, what it does and whether it asks a person,
 * in a short table (the schemas and descriptions a model reads stay out of it).
 * @module
 */
import type { DisplayView } from '../display/display-view.js';
import type { ToolSet } from './create-tool-specs.js';

/** Tools listed by name; a larger set says how many more there are. */
const MAX_ROWS = 25;

export function toolSetView(set: ToolSet): DisplayView {
  const rows = set.tools.slice(0, MAX_ROWS).map((tool): [string, string] => {
    const traits = [
      tool.effect,
      ...(tool.waitsForJobs ? ['waits for jobs'] : []),
      ...(tool.mayNeedApproval ? ['asks a person'] : []),
    ];
    return [tool.name, traits.join(', ')];
  });
  const more = set.tools.length - rows.length;
  return {
    title: `Tool set: ${set.tools.length} tools (${set.mode}; ${set.typedOperationIds.length} typed, ${set.dynamicOperationIds.length} through the dynamic tools)`,
    rows,
    notes: [
      ...(more > 0 ? [`and ${more} more: set.tools lists them all`] : []),
      ...set.warnings.map((warning) => `warning: ${warning.message}`),
    ],
  };
}
