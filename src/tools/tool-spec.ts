import type { JsonSchema, OperationEffect } from '../discovery/types.js';
import type { JobProgress } from '../jobs/index.js';
import type { ApprovalVerdict } from './approval.js';
import type { ToolFailure, ToolResult } from './tool-result.js';

/**
 * MCP-style hints about what calling a tool does.
 * @inline
 */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * Progress of a tool call that waits for a job.
 *
 * @example
 * createAISDKTools(session, {
 *   onProgress: ({ tool, status, elapsedMs }) => console.log(tool, status, elapsedMs),
 * });
 */
export interface ToolProgress extends JobProgress {
  readonly tool: string;
  readonly operationId: string;
}

/** @inline */
export interface ToolCallContext {
  readonly signal?: AbortSignal;
  /** The framework's id of this tool call, for `gen_ai.tool.call.id` in traces. */
  readonly toolCallId?: string;
  readonly onProgress?: (progress: ToolProgress) => void;
  /**
   * How long this call waits for a job, in ms, in place of the set's `waitMs`: an adapter whose
   * client can wait longer (or must not wait at all) says so per call.
   */
  readonly waitMs?: number;
  /**
   * Use the whole wait even when the service expects the job to end after it, rather than
   * handing it back at once: for a caller that cannot sleep between calls.
   */
  readonly waitWhole?: boolean;
}

/** @inline */
export type ToolKind = 'operation' | 'search' | 'describe' | 'call' | 'resume';

/**
 * A framework-neutral tool: what a model sees (name, description, input schema shaped for its
 * family, hints) and what runs (execute: check, call, wait, shape the result). The adapters turn
 * it into an AI SDK, LangChain or MCP tool without adding behaviour.
 *
 * @example
 * const spec = createToolSpecs(session, { mode: 'typed' }).tool('v7_images_text_to_image');
 * console.log(spec?.name, spec?.annotations, spec?.inputSchema);
 * const result = await spec?.execute({ prompt: 'a red kite' });
 */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
  readonly kind: ToolKind;
  /** The operation a typed tool calls. */
  readonly operationId?: string;
  readonly effect: OperationEffect;
  /**
   * The operation a typed tool calls handles the account's credentials (creates or changes an API
   * key, a token or a password: `api-keys:write`, `tokens:write`, a login): approval questions
   * say so, as they say that a money operation moves money.
   */
  readonly handlesCredentials?: boolean;
  /**
   * Whether a call of this tool can wait for a generation job, and so report progress: a typed
   * tool of an asynchronous operation, `call_operation` when it reaches one, `resume_job`.
   */
  readonly waitsForJobs: boolean;
  /**
   * Whether some call of this tool can need a person's approval under the set's rule: a typed
   * tool when its operation can, `call_operation` when one of the operations it reaches can;
   * never the search, describe and resume tools, which change nothing and spend nothing.
   * {@link ToolSpec.needsApproval} decides each call.
   */
  readonly mayNeedApproval: boolean;
  /** Whether a person must approve this call (with these arguments) before it runs. */
  needsApproval(args: unknown): Promise<boolean>;
  /**
   * `needsApproval` with what the call is expected to cost when the approval rule prices calls
   * (`costAbove`), so that the question put to the person can say it. Absent on tools that never
   * need approval.
   */
  approval?(args: unknown): Promise<ApprovalVerdict>;
  /**
   * The refusal `execute` would answer these arguments with, before any request; undefined when
   * they pass. Lets an adapter spare a person approving a call that would be refused. Typed tools
   * only.
   */
  check?(args: unknown): ToolFailure | undefined;
  /** Runs the tool. Expected failures come back as a failed result, never as a throw. */
  execute(args: unknown, context?: ToolCallContext): Promise<ToolResult>;
}
