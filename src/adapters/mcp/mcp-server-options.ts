import type { OperationEffect } from '../../discovery/types.js';
import type { CostCheck } from '../../tools/cost-approval.js';
import type { ToolSpecOptions } from '../../tools/create-tool-specs.js';
import type { InlineMediaOptions } from './inline-media.js';
import type { McpTaskStore } from './mcp-task-store.js';
import type { MediaViewerOptions } from './media-viewer.js';

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
   * `structuredContent` either way; the schema lets a client check them and tells a host what a
   * result holds. Turn it off for a client that shows output schemas to its model and pays their
   * tokens for every tool.
   * @default true
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
   * How long a call waits for a job before handing back a resumable `processing` result, in ms.
   * Below the 60 seconds most MCP clients give a request, so the client gets the job's handle
   * rather than a timeout; raise it for clients that reset their timeout on progress (the
   * progress notifications come at least every `progressIntervalMs`).
   * @default 50000
   */
  readonly waitMs?: number;
  /**
   * Longest silence between two progress notifications while a job runs, in ms; each names the
   * job, so a client whose call is cut off still holds its id. 0 sends only the poller's reports.
   * @default 5000
   */
  readonly progressIntervalMs?: number;
  /**
   * Where the tasks' own state (a client's cancellation) is kept. A task's job is named by its id,
   * so any instance answers for it from the service; share this store across a fleet so that a
   * cancellation holds on every instance.
   * @default a MemoryMcpTaskStore of this process
   */
  readonly taskStore?: McpTaskStore;
  /**
   * How long a call from a client that takes tasks (the `io.modelcontextprotocol/tasks` extension)
   * waits before answering with a task, in ms: a job done by then is answered as a plain result.
   * @default 1000
   */
  readonly taskWaitMs?: number;
  /**
   * Longest poll interval a task suggests, in ms. Within it, the interval follows the service's
   * estimate of the time left.
   * @default 30000
   */
  readonly taskPollMaxMs?: number;
  /**
   * Small images and audio also inline, as `image` / `audio` content (every output is a
   * `resource_link` either way), fetched from the service's origin and `trustedOrigins` under the
   * provider's download policy; `false` inlines nothing.
   * @default { maxBytes: 1048576 }
   */
  readonly inlineMedia?: InlineMediaOptions | false;
  /**
   * The media viewer, an MCP App (`ui://generation-agent-toolkit/media-viewer.html`) that hosts
   * supporting MCP Apps show beside the result of every tool that waits for jobs: images, audio
   * and video players, and a running job's progress with a button that resumes it. Its CSP lets
   * media load from the service's origin, `inlineMedia.trustedOrigins` and `downloadOrigins`.
   * Hosts without Apps ignore it and show the content blocks. `false` offers no viewer.
   * @default {}
   */
  readonly mediaViewer?: MediaViewerOptions | false;
}
