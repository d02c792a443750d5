import type { ToolSet } from 'ai';
import { UsageError } from '../../errors/index.js';
import type { ToolSetFootprint } from '../../tools/index.js';
import { specSetOf } from './tool-registry.js';

/** Tokens the tool definitions take, in all and per tool, and whether they were counted exactly. */
export type AISDKToolFootprint = ToolSetFootprint;

/**
 * How many tokens the definitions of the tools `createAISDKTools` returned add to every request
 * (name, description and input schema, in o200k_base tokens: exact with the optional peer
 * `gpt-tokenizer` installed, estimated otherwise). Compare modes
 * with it: `typed` grows with the operations, `dynamic` stays small, `auto` keeps to its budget.
 *
 * @param tools The record `createAISDKTools` returned, not a copy or a merge with other tools.
 * @throws UsageError for any other record.
 */
export async function getToolFootprint(tools: ToolSet): Promise<AISDKToolFootprint> {
  const set = specSetOf(tools);
  if (!set)
    throw new UsageError(
      'getToolFootprint() takes the record createAISDKTools() returned (not a copy or a merge).',
    );
  return set.footprint();
}
