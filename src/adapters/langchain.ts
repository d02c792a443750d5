/**
 * The LangChain adapter: `generation-agent-toolkit/langchain`. It alone loads `@langchain/core`,
 * and it never loads the AI SDK or the MCP SDK.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module generation-agent-toolkit/langchain
 */

// Exported here too, so that this entry's declarations import it from a chunk, never from another
// framework's entry.
export type { ToolProgress, ToolResult, ToolSpecOptions } from '../tools/index.js';
export {
  type ApprovalDecision,
  type ApprovalsForOptions,
  approvalsFor,
  type InterruptOnEntry,
  type ReviewedToolCall,
} from './langchain/approvals-for.js';
export { createLangChainTools, type LangChainToolsOptions } from './langchain/create-langchain-tools.js';
export { GenerationTool, type GenerationToolFields } from './langchain/generation-tool.js';
export { GenerationToolkit } from './langchain/generation-toolkit.js';
export { GENERATION_PROGRESS_EVENT, type GenerationProgressChunk } from './langchain/progress-reporter.js';
export { toolContent } from './langchain/tool-content.js';
