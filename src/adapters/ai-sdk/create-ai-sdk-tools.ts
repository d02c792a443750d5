import type { ToolSet } from 'ai';
import type { Session } from '../../auth/session.js';
import type { OptionKeys } from '../../errors/index.js';
import {
  checkToolOptions,
  createToolSpecs,
  TOOL_SPEC_OPTION_KEYS,
  type ToolSpecOptions,
} from '../../tools/index.js';
import { toAISDKTool } from './to-ai-sdk-tool.js';
import { rememberSet, rememberSpec } from './tool-registry.js';

/**
 * Options of {@link createAISDKTools}: those of the tool specs, and how they meet the AI SDK.
 *
 * @example
 * const { tools } = createAISDKTools(session, {
 *   mode: 'auto',
 *   schema: 'openai-strict',
 *   streamProgress: false,
 * });
 * const result = await generateText({ model, tools, prompt: 'Draw a lighthouse at dusk.' });
 */
export interface CreateAISDKToolsOptions extends ToolSpecOptions {
  /**
   * Stream the progress of generation jobs as preliminary tool results (status, elapsed time,
   * estimate) while a tool waits; `streamText` shows them, `generateText` keeps only the final
   * result. Only tools that can wait for a job stream.
   * @default true
   */
  readonly streamProgress?: boolean;
  /**
   * Ask providers for strict tool calling (`strict: true` on every tool).
   * @default true with `schema: 'openai-strict'`, whose schemas fit OpenAI's strict rules; false otherwise
   */
  readonly strict?: boolean;
}

const AI_SDK_TOOLS_OPTION_KEYS: OptionKeys<CreateAISDKToolsOptions> = {
  ...TOOL_SPEC_OPTION_KEYS,
  streamProgress: ['progress'],
  strict: true,
};

/**
 * The session's operations as AI SDK tools, for `generateText`, `streamText` and agents.
 *
 * Each tool checks its arguments before any request (a refusal comes back to the model as a
 * readable `invalid_arguments` result, never an exception), waits for generation jobs while
 * streaming their progress as preliminary results, asks a person before it spends money or
 * deletes (the SDK's tool approval), and hands the model a compact result: media as URLs with
 * their media type, text as text, data as trimmed JSON. The abort signal of the run cancels the
 * wait and the requests.
 *
 * @example
 * ```ts
 * import { openai } from '@ai-sdk/openai';
 * import { generateText, isStepCount, type ModelMessage } from 'ai';
 * import { connect } from 'generation-agent-toolkit';
 * import { createAISDKTools, createToolApproval } from 'generation-agent-toolkit/ai-sdk';
 * import { startEmulator } from 'generation-agent-toolkit-emulator';
 *
 * const emulator = await startEmulator();
 * const account = emulator.createAccount({ password: 'a-long-Pa55word' });
 * const session = await connect({
 *   baseUrl: emulator.url,
 *   apiKey: account.apiKey,
 *   auth: { email: account.email, password: account.password },
 *   operations: { ids: ['v7_images_text_to_image', 'get_wallet_balance', 'post_wallet_fund'] },
 * });
 * const tools = createAISDKTools(session, { mode: 'typed', schema: 'openai-strict' });
 * const run = (messages: ModelMessage[]) =>
 *   generateText({
 *     model: openai('gpt-5-mini'),
 *     tools,
 *     toolApproval: createToolApproval(tools),
 *     stopWhen: isStepCount(5),
 *     messages,
 *   });
 *
 * const messages: ModelMessage[] = [{ role: 'user', content: 'Add $10 to my wallet, then draw a lighthouse.' }];
 * let result = await run(messages);
 * // Funding spends money, so the run ends with an approval request. Ask a person, then answer:
 * const requests = result.content.filter((part) => part.type === 'tool-approval-request');
 * if (requests.length > 0) {
 *   messages.push(...result.responseMessages, {
 *     role: 'tool',
 *     content: requests.map(({ approvalId }) => ({ type: 'tool-approval-response', approvalId, approved: true })),
 *   });
 *   result = await run(messages);
 * }
 * console.log(result.text);
 * await session.close();
 * await emulator.close();
 * ```
 */
export function createAISDKTools(session: Session, options: CreateAISDKToolsOptions = {}): ToolSet {
  checkToolOptions(session, options, AI_SDK_TOOLS_OPTION_KEYS, 'createAISDKTools options');
  const { streamProgress = true, strict = options.schema === 'openai-strict', ...specOptions } = options;
  const set = createToolSpecs(session, specOptions);
  const tools: ToolSet = {};
  for (const spec of set.tools) {
    const tool = toAISDKTool(spec, {
      streamProgress: streamProgress && spec.waitsForJobs,
      strict,
      onProgress: options.onProgress,
    });
    rememberSpec(tool, spec);
    tools[spec.name] = tool;
  }
  rememberSet(tools, set);
  return tools;
}
