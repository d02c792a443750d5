/**
 * The LangChain tools of a session.
 * @module
 */

import type { Session } from '../../auth/session.js';
import {
  checkToolOptions,
  createToolSpecs,
  TOOL_SPEC_OPTION_KEYS,
  type ToolSet,
  type ToolSpecOptions,
} from '../../tools/index.js';
import { GenerationTool } from './generation-tool.js';

/**
 * Options of {@link createLangChainTools}: those of the framework-neutral tools (mode, schema
 * profile, prefix, selection, approval rule, wait, token budget, progress), unchanged.
 *
 * @example
 * const tools = createLangChainTools(session, {
 *   mode: 'typed',
 *   schema: 'openai-strict',
 *   include: { categories: ['image'] },
 * });
 * const agent = createAgent({
 *   model,
 *   tools,
 *   middleware: [humanInTheLoopMiddleware({ interruptOn: approvalsFor(tools) })],
 * });
 */
export interface LangChainToolsOptions extends ToolSpecOptions {}

/** The LangChain tools of a tool set already built with `options`. */
export function toLangChainTools(set: ToolSet, options: LangChainToolsOptions = {}): GenerationTool[] {
  return set.tools.map((spec) => new GenerationTool({ spec, onProgress: options.onProgress }));
}

/**
 * LangChain tools for the operations of `session`: one `StructuredTool` per tool of
 * `createToolSpecs(session, options)`, with its JSON Schema passed through unchanged. Each tool
 * checks its arguments before any request, waits for jobs (reporting progress as the custom event
 * `generation_progress`), and answers `content_and_artifact`: the model reads a compact JSON view
 * of the result, the application finds the whole result envelope in `ToolMessage.artifact`.
 *
 * Tools do not ask for approval themselves: pass {@link approvalsFor} to LangChain's
 * `humanInTheLoopMiddleware` so that money and destructive calls stop for a person.
 *
 * @example
 * ```ts
 * import { createAgent, humanInTheLoopMiddleware } from 'langchain';
 * import { MemorySaver } from '@langchain/langgraph';
 * import { approvalsFor, createLangChainTools } from 'generation-agent-toolkit/langchain';
 *
 * const tools = createLangChainTools(session, { mode: 'auto', schema: 'openai-strict' });
 * const agent = createAgent({
 *   model: 'openai:gpt-4.1',
 *   tools,
 *   middleware: [humanInTheLoopMiddleware({ interruptOn: approvalsFor(tools) })],
 *   checkpointer: new MemorySaver(),
 * });
 * ```
 */
export function createLangChainTools(
  session: Session,
  options: LangChainToolsOptions = {},
): GenerationTool[] {
  checkToolOptions(session, options, TOOL_SPEC_OPTION_KEYS, 'createLangChainTools options');
  return toLangChainTools(createToolSpecs(session, options), options);
}
