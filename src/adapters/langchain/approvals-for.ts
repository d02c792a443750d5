/**
 * Approvals through LangChain's own mechanism: the `interruptOn` configuration of
 * `humanInTheLoopMiddleware`, built from the tools' approval rule.
 * @module
 */

import {
  type ApprovalVerdict,
  type CostCheck,
  describeCost,
  effectWords,
  verdictOf,
  type WordedEffect,
} from '../../tools/index.js';
import { GenerationTool } from './generation-tool.js';

/** What a reviewer may answer to a call that waits for approval. */
export type ApprovalDecision = 'approve' | 'edit' | 'reject';

/** A tool call as the middleware shows it to a reviewer. */
export interface ReviewedToolCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/**
 * One tool's entry of `humanInTheLoopMiddleware({ interruptOn })` (LangChain's
 * `InterruptOnConfig`): which decisions a reviewer may make, what the reviewer reads, the schema an
 * edit must keep to, and `when`, which asks the tool's approval rule about each call's arguments.
 */
export interface InterruptOnEntry {
  readonly allowedDecisions: ApprovalDecision[];
  readonly description: (toolCall: ReviewedToolCall) => Promise<string>;
  readonly argsSchema?: Record<string, unknown>;
  readonly when: (request: {
    readonly toolCall: { readonly args: Record<string, unknown> };
  }) => Promise<boolean>;
}

/**
 * How `approvalsFor` words the questions it asks a person, and which answers it allows.
 *
 * @example
 * const interruptOn = approvalsFor(tools, {
 *   allowedDecisions: ['approve', 'reject'],
 *   describe: (toolCall, tool) => `${tool.name} will spend credits: ${JSON.stringify(toolCall.args)}`,
 * });
 */
export interface ApprovalsForOptions {
  /** The decisions a reviewer may make. @default ['approve', 'edit', 'reject'] */
  readonly allowedDecisions?: readonly ApprovalDecision[];
  /**
   * The text a reviewer reads about a call; `cost` is its estimate against the threshold when the
   * approval rule prices calls (`costAbove`).
   * @default what the tool does (its title, and that it moves money, deletes or handles
   * credentials), its estimated
   * cost when the rule prices calls, and the arguments
   */
  readonly describe?: (toolCall: ReviewedToolCall, tool: GenerationTool, cost?: CostCheck) => string;
}

/**
 * What the call does, in the words of every approval question: "moves money (the account or a card
 * may be charged)", "handles credentials (it creates or changes an API key, a token or a password)".
 */
const whatItDoes = (subject: WordedEffect): string => {
  const { does, consequence } = effectWords(subject);
  return consequence ? `${does} (${consequence})` : does;
};

/** For `call_operation`, what the operation it names does, as that operation's own tool says it. */
function describeCall(toolCall: ReviewedToolCall, tool: GenerationTool, verdict?: ApprovalVerdict): string {
  const { spec } = tool;
  const runs = verdict?.runs;
  const what =
    spec.kind === 'call'
      ? `calls the operation ${JSON.stringify(toolCall.args.operation)}${runs ? `, which ${whatItDoes(runs)},` : ''}`
      : `${spec.annotations.title ? `(${spec.annotations.title}) ` : ''}${whatItDoes(spec)}`;
  const cost = verdict?.cost;
  const costs = cost ? `\n${describeCost(cost)}` : '';
  return `${toolCall.name} ${what} and waits for your approval.${costs}\nArguments: ${JSON.stringify(toolCall.args, null, 2)}`;
}

/**
 * The `interruptOn` configuration of LangChain's `humanInTheLoopMiddleware` for the generation
 * tools among `tools` (other tools are left out, for the caller to add): an entry for each tool
 * that can need approval under the approval rule of the tool options (money and destructive
 * operations by default), whose `when` asks that rule about the call's actual arguments, so the
 * dynamic `call_operation` tool stops only for the operations that need it. When the rule cannot
 * answer (a rule function that throws), the call waits for a person. With `approval: { costAbove }`
 * the reviewer also reads the call's estimate (amount, currency, basis; or that it is unknown).
 *
 * The agent stops before running such a call: its result has `__interrupt__` with the action
 * requests; resume the same thread with `new Command({ resume: { decisions } })`, one decision per
 * request: `{ type: 'approve' }`, `{ type: 'edit', editedAction: { name, args } }` (the edited
 * arguments are checked like the model's) or `{ type: 'reject', message }` (nothing runs, and the
 * model reads the message). Interrupts need a checkpointer and a `thread_id`.
 *
 * With `exactOptionalPropertyTypes`, LangChain 1.5's types of `humanInTheLoopMiddleware` (inferred
 * from zod v3 schemas) collapse to `never`; the configuration is right, the middleware needs a cast.
 *
 * @example
 * ```ts
 * import { createAgent, type HITLRequest, humanInTheLoopMiddleware } from 'langchain';
 * import { Command, MemorySaver } from '@langchain/langgraph';
 * import { approvalsFor, createLangChainTools } from 'generation-agent-toolkit/langchain';
 *
 * const tools = createLangChainTools(session);
 * const agent = createAgent({
 *   model,
 *   tools,
 *   middleware: [humanInTheLoopMiddleware({ interruptOn: approvalsFor(tools) })],
 *   checkpointer: new MemorySaver(),
 * });
 * const config = { configurable: { thread_id: 'wallet-1' } };
 * let state = await agent.invoke({ messages: [{ role: 'user', content: 'Add $10 to the wallet' }] }, config);
 * while (state.__interrupt__?.[0]) {
 *   // What the model wants to run: [{ name, args, description }], one decision each.
 *   const { actionRequests } = state.__interrupt__[0].value as HITLRequest;
 *   const decisions = actionRequests.map(() => ({ type: 'approve' as const }));
 *   state = await agent.invoke(new Command({ resume: { decisions } }), config);
 * }
 * ```
 */
export function approvalsFor(
  tools: Iterable<unknown>,
  options: ApprovalsForOptions = {},
): Record<string, InterruptOnEntry> {
  const allowedDecisions = [...(options.allowedDecisions ?? ['approve', 'edit', 'reject'])];
  const describe = (toolCall: ReviewedToolCall, tool: GenerationTool, verdict?: ApprovalVerdict) =>
    options.describe
      ? options.describe(toolCall, tool, verdict?.cost)
      : describeCall(toolCall, tool, verdict);
  const entries: Record<string, InterruptOnEntry> = {};
  for (const tool of tools) {
    if (!GenerationTool.isInstance(tool) || !tool.mayNeedApproval) continue;
    entries[tool.name] = {
      allowedDecisions,
      // The verdict is asked again here: LangChain asks `when` and the description separately.
      description: async (toolCall) => {
        const verdict = await verdictOf(tool.spec, toolCall.args).catch(() => undefined);
        return describe(toolCall, tool, verdict);
      },
      // The schema an editor must keep to matters only when edits are allowed.
      ...(allowedDecisions.includes('edit') ? { argsSchema: tool.spec.inputSchema } : {}),
      when: async ({ toolCall }) => {
        try {
          return await tool.spec.needsApproval(toolCall.args);
        } catch {
          return true;
        }
      },
    };
  }
  return entries;
}
