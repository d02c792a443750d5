/**
 * The LangChain toolkit of a session.
 * @module
 */

import { BaseToolkit } from '@langchain/core/tools';
import type { Session } from '../../auth/session.js';
import { checkToolOptions, createToolSpecs, TOOL_SPEC_OPTION_KEYS, type ToolSet } from '../../tools/index.js';
import { type ApprovalsForOptions, approvalsFor, type InterruptOnEntry } from './approvals-for.js';
import { type LangChainToolsOptions, toLangChainTools } from './create-langchain-tools.js';
import type { GenerationTool } from './generation-tool.js';

/**
 * The tools of {@link createLangChainTools} as a LangChain `BaseToolkit`, with the tool set they
 * come from (mode, which operations are typed or dynamic, token footprint) and their approvals.
 *
 * @example
 * ```ts
 * const toolkit = new GenerationToolkit(session, { mode: 'typed', include: { categories: ['image'] } });
 * const agent = createAgent({
 *   model,
 *   tools: toolkit.getTools(),
 *   middleware: [humanInTheLoopMiddleware({ interruptOn: toolkit.approvals() })],
 *   checkpointer: new MemorySaver(),
 * });
 * ```
 */
export class GenerationToolkit extends BaseToolkit {
  tools: GenerationTool[];
  /** The framework-neutral tool set behind the tools. */
  readonly toolSet: ToolSet;

  constructor(session: Session, options: LangChainToolsOptions = {}) {
    super();
    checkToolOptions(session, options, TOOL_SPEC_OPTION_KEYS, 'GenerationToolkit options');
    this.toolSet = createToolSpecs(session, options);
    this.tools = toLangChainTools(this.toolSet, options);
  }

  override getTools(): GenerationTool[] {
    return this.tools;
  }

  /** The `interruptOn` of `humanInTheLoopMiddleware` for these tools; see {@link approvalsFor}. */
  approvals(options?: ApprovalsForOptions): Record<string, InterruptOnEntry> {
    return approvalsFor(this.tools, options);
  }
}
