import type { OperationEffect } from '../../discovery/types.js';
import type { CostCheck } from '../../tools/cost-approval.js';
import type { ToolSpecOptions } from '../../tools/create-tool-specs.js';

/**
 * A call waiting for a person's yes or no, as an {@link McpServerOptions.approve} callback sees it.
 *
 * @example
 * createMcpServer(session, {
 *   approve: ({ operationId, effect, arguments: args }) => effect !== 'money' || isSmall(args),
 * });
 */
export interface ApprovalRequest {
  /** The MCP tool the client called. */
  readonly tool: string;
  /** The service operation that would run (for `call_operation`, the one it names), when known. */
  readonly operationId?: string;
  /** What the operation does: `money` charges, `destructive` deletes. */
  readonly effect: OperationEffect;
  /** The operation's arguments as the model gave them (for `call_operation`, its `arguments`). */
  readonly arguments: unknown;
  /** What will happen, in plain words: the text an elicitation would show the person. */
  readonly message: string;
  /** The call's estimate against the threshold, when the approval rule prices calls (`costAbove`). */
  readonly cost?: CostCheck;
  /** Aborted when the client cancels the tool call; stop asking then. */
  readonly signal: AbortSignal;
}

/**
 * Decides an approval when the MCP client cannot ask the person itself; `true` runs the call.
 *
 * @example
 * const approve: ApproveCallback = async ({ message, signal }) =>
 *   (await askPerson(message, { signal })) === 'yes';
 */
export type ApproveCallback = (request: ApprovalRequest) => boolean | Promise<boolean>;

/**
 * Options of {@link createMcpServer}: those of `createToolSpecs`, plus what an MCP server needs.
 *
 * @example
 * const server = createMcpServer(session, {
 *   name: 'generation',
 *   mode: 'dynamic',
 *   approve: async ({ tool, message }) => (await ask(`${tool}: ${message}`)) === 'yes',
 * });
 * await serveStdio(server);
 */
export interface McpServerOptions extends ToolSpecOptions {
  /** The server's name in the MCP handshake. @default 'generation-agent-toolkit' */
  readonly name?: string;
  /** The server's version in the MCP handshake. @default the package version */
  readonly version?: string;
  /** Text the client may give its model about the server. @default a short guide to waiting, resuming and approvals */
  readonly instructions?: string;
  /**
   * Declare the result envelope as every tool's `outputSchema`. Results carry it as
   * `structuredContent` either way; the schema only lets a client check them. Off by default: the
   * official TypeScript client compiles a validator per tool on each `tools/list` (seconds for 200
   * tools), and a client that shows output schemas to its model pays their tokens for every tool.
   * @default false
   */
  readonly outputSchema?: boolean;
  /**
   * The application's approval policy for calls that need a person (money, credentials and
   * destructive operations by default, see `approval`). When given, it decides first and its
   * "no" is final: a client's elicitation can add a refusal (the person is asked next when the
   * client supports it) but never overturn one, and a refusal by the policy tells the model it
   * was the application's policy. Without this callback, the person is asked through elicitation
   * when the client offers it; with neither, such calls are refused with a result that says how to
   * enable them; they never run unapproved.
   *
   * A stdio server cannot ask anyone itself (its stdin is the protocol), so the callback is often
   * a policy, or a question put elsewhere (a chat message, a push notification). When the client
   * already confirms every tool call itself, `approval: 'never'` avoids asking twice, at the cost
   * of the toolkit no longer enforcing it.
   *
   * @example A policy: small top-ups only.
   * ```ts
   * approve: ({ operationId, arguments: args }) =>
   *   operationId === 'post_wallet_fund' && Number((args as { amount?: unknown }).amount) <= 5,
   * ```
   */
  readonly approve?: ApproveCallback;
  /**
   * How long a person has to answer an elicitation, in ms; no answer in time refuses the call.
   * @default 600000
   */
  readonly approvalTimeoutMs?: number;
  /**
   * How long a tool waits for a job before handing back a resumable `processing` result, in ms.
   * Lower than `createToolSpecs`' default because MCP clients commonly give up on a request after
   * 60 seconds: a client that gives up cancels the call and the model loses the job's id, while a
   * `processing` result tells it how to pick the job up with `resume_job`.
   * @default 45000
   */
  readonly waitMs?: number;
}
