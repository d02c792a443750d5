/**
 * How many tools a model family takes in one request, where the family documents it, and the
 * warning a tool set over that number gets.
 * @module
 */

import type { SchemaProfile } from './schema-profiles/types.js';

/** A family's documented limit on the tools (functions) of one request. */
export interface ToolCountLimit {
  readonly family: string;
  readonly maxTools: number;
}

/**
 * The documented limits, by schema profile. OpenAI's API reference caps `tools` at 128 functions
 * per request. The `default` profile names no family; it is held to OpenAI's limit, the one a
 * framework meets first. Anthropic and Gemini publish no limit we could check, so none is assumed.
 */
export const TOOL_COUNT_LIMITS: Readonly<Partial<Record<SchemaProfile, ToolCountLimit>>> = {
  'openai-strict': { family: 'OpenAI', maxTools: 128 },
  default: { family: 'OpenAI', maxTools: 128 },
};

/**
 * Something about a tool set that its user should act on.
 * @inline
 */
export interface ToolSetWarning {
  /** Stable kind: `too-many-tools`. */
  readonly code: string;
  readonly message: string;
}

/** The warning for `count` tools of a set shaped for `profile`, or undefined when they fit. */
export function toolCountWarning(count: number, profile: SchemaProfile): ToolSetWarning | undefined {
  const limit = TOOL_COUNT_LIMITS[profile];
  if (limit === undefined || count <= limit.maxTools) return undefined;
  return {
    code: 'too-many-tools',
    message: `${count} tools are more than the ${limit.maxTools} that ${limit.family} accepts in one request, which it refuses. Use mode 'auto' (it keeps within the limit) or 'dynamic' (three tools for every operation), or choose fewer operations with include (ids, categories, versions).`,
  };
}
