import type { Tool, ToolSet } from 'ai';
import type { ToolSpec, ToolSet as ToolSpecSet } from '../../tools/index.js';

/*
 * What each AI SDK tool was made from, kept beside the tools rather than on them: an AI SDK tool
 * is a plain object the SDK copies and spreads, and anything extra on it would reach the SDK.
 */
const specs = new WeakMap<object, ToolSpec>();
const sets = new WeakMap<ToolSet, ToolSpecSet>();

export function rememberSpec(tool: Tool, spec: ToolSpec): void {
  specs.set(tool, spec);
}

export function rememberSet(tools: ToolSet, set: ToolSpecSet): void {
  sets.set(tools, set);
}

/** The spec an AI SDK tool of this toolkit was made from; undefined for any other tool. */
export function specOf(tool: object | undefined): ToolSpec | undefined {
  return tool ? specs.get(tool) : undefined;
}

/** The spec set behind a record `createAISDKTools` returned; undefined for any other record. */
export function specSetOf(tools: ToolSet): ToolSpecSet | undefined {
  return sets.get(tools);
}
