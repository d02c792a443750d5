/**
 * The toolkit's tools for the Vercel AI SDK (`ai` 7): `generateText`, `streamText` and agents.
 * Imports `ai` and nothing of the other frameworks.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module generation-agent-toolkit/ai-sdk
 */

export type {
  ApprovalRule,
  SchemaProfile,
  ToolFailure,
  ToolMode,
  ToolPending,
  ToolProgress,
  ToolResult,
  ToolSelection,
  ToolSpecOptions,
  ToolSuccess,
} from '../tools/index.js';
export { type CreateAISDKToolsOptions, createAISDKTools } from './ai-sdk/create-ai-sdk-tools.js';
export { type AISDKToolApproval, createToolApproval } from './ai-sdk/tool-approval.js';
export { type AISDKToolFootprint, getToolFootprint } from './ai-sdk/tool-footprint.js';
export type { AISDKToolOutput, AISDKToolProgress } from './ai-sdk/tool-output.js';
