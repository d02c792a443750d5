import type { ToolResult } from '../../tools/index.js';

/**
 * What a tool that waits for a generation job streams while it waits: one preliminary result per
 * poll, each replacing the one before (the AI SDK's preliminary tool results). `status: 'running'`
 * tells it apart from the final envelope, whose status is `success`, `processing` or `error`.
 */
export interface AISDKToolProgress {
  readonly status: 'running';
  /** The tool the model called. */
  readonly tool: string;
  readonly operationId: string;
  /** The job's id once the service has given one. */
  readonly requestId?: string | number;
  /** Since the job was submitted. */
  readonly elapsedMs: number;
  /** The service's latest estimate of the time left. */
  readonly etaMs?: number;
  /** Polls made so far. */
  readonly attempt: number;
}

/**
 * The output of a toolkit tool in the AI SDK: the result envelope of DESIGN.md when the call is
 * over, {@link AISDKToolProgress} in the preliminary results streamed before it.
 */
export type AISDKToolOutput = ToolResult | AISDKToolProgress;
