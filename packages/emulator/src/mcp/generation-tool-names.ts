import type { GenerationOperation } from '../catalogue/types.js';

/** What MCP allows in a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const VERSION_SEGMENT = /^v\d+$/;
const isParameter = (segment: string) => segment.startsWith('{');

/** Path segments after `/api/vN/`: the family comes first (`images`, `video-fusion`, `llm`). */
function segmentsOf(operation: GenerationOperation): string[] {
  return operation.path.split('/').slice(3);
}

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The name production gives an operation before collisions are considered:
 * - a fetch operation is `fetch-<kind>` (`fetch-image`, `fetch-3d`, `fetch-training`);
 * - otherwise the last literal path segment in kebab-case (`text-to-image`, `count-tokens`);
 * - a one-word last segment that only means something with its parent sub-resource keeps the
 *   parent (`chat/completions` -> `chat-completions`), unless that parent is the family, a version
 *   or a path parameter (`images/inpaint` -> `inpaint`, `{id}/cancel` -> `cancel`).
 */
export function baseToolName(operation: GenerationOperation): string {
  if (operation.mode === 'fetch') return `fetch-${kebab(operation.category)}`;
  const segments = segmentsOf(operation);
  let last = segments.length - 1;
  while (last > 0 && isParameter(segments[last] as string)) last -= 1;
  const name = segments[last] ?? '';
  const parent = last >= 2 ? (segments[last - 1] as string) : undefined;
  const singleWord = !/[-_]/.test(name);
  if (singleWord && parent && !isParameter(parent) && !VERSION_SEGMENT.test(parent)) {
    return kebab(`${parent}-${name}`);
  }
  return kebab(name);
}

/** The family of an operation (`video` in /api/v8/video/upscale), or undefined for one at the version root. */
function familyOf(operation: GenerationOperation): string | undefined {
  const segments = segmentsOf(operation);
  return segments.length > 1 ? kebab(segments[0] as string) : undefined;
}

function fitted(name: string): string {
  return name.slice(0, 64).replace(/-+$/, '') || 'operation';
}

/**
 * Tool names for the operations of one server, by operationId. When two operations would share a
 * name, one keeps it and the others are prefixed with their family (`upscale` and `video-upscale`):
 * the one at the version root keeps it if there is one (`models` beside `llm-models`), else the
 * first in catalogue order, so appending operations to the catalogue never renames an existing
 * tool. Anything still colliding gets a counter.
 */
export function generationToolNames(operations: readonly GenerationOperation[]): Map<string, string> {
  const groups = new Map<string, GenerationOperation[]>();
  for (const operation of operations) {
    const base = baseToolName(operation);
    groups.set(base, [...(groups.get(base) ?? []), operation]);
  }

  const names = new Map<string, string>();
  for (const [base, group] of groups) {
    const keeper = group.find((operation) => familyOf(operation) === undefined) ?? group[0];
    for (const operation of group) {
      const family = familyOf(operation);
      const name = operation === keeper || !family ? base : `${family}-${base}`;
      names.set(operation.operationId, fitted(name));
    }
  }

  const taken = new Set<string>();
  for (const operation of operations) {
    const name = names.get(operation.operationId) as string;
    let unique = name;
    for (let counter = 2; taken.has(unique); counter += 1) {
      unique = `${fitted(name.slice(0, 60))}-${counter}`;
    }
    taken.add(unique);
    names.set(operation.operationId, unique);
  }
  return names;
}
