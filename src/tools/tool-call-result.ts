/**
 * The one path from a call of the session to what the model reads, shared by every tool that
 * calls an operation (the typed tools, `call_operation`) and by `resume_job`: the wait and the
 * progress of the tool options, then a success with the answer's secrets withheld, a pending job
 * with how to resume it, or a failure in words.
 * @module
 */

import type { Session } from '../auth/session.js';
import type { CallOptions, CallResult } from '../calls/index.js';
import type { Operation } from '../discovery/types.js';
import { errorResult } from './error-result.js';
import { pendingResult, type ShapeOptions, successResult, type ToolResult } from './tool-result.js';
import type { ToolCallContext } from './tool-spec.js';
import { type ReturnedSecret, withholdSecrets } from './withhold-secrets.js';

export interface ToolCallResultOptions extends ShapeOptions {
  /** How long a call waits for a job before handing it back, in ms. */
  readonly waitMs: number;
  /** The tool that resumes a job handed back; undefined when the set has none. */
  readonly resumeToolName: string | undefined;
  /** The tool name of an operation, as the model knows it. */
  readonly toolNameOf: (operationId: string) => string | undefined;
  readonly onProgress?: ToolCallContext['onProgress'] | undefined;
  readonly onSecret?: ((secret: ReturnedSecret) => void) | undefined;
}

/** Starts a call or a resumed wait of `operation` with the options the tool set chose. */
export type SendCall = (options: Omit<CallOptions, 'idempotencyKey'>) => Promise<CallResult>;

/** Runs one call of `operation` for a tool and answers with the model's view of its outcome. */
export type ToolCallRunner = (
  operation: Operation,
  context: ToolCallContext,
  send: SendCall,
) => Promise<ToolResult>;

/** The runner every calling tool of one tool set shares. */
export function toolCallRunner(session: Session, options: ToolCallResultOptions): ToolCallRunner {
  const withhold = { redactor: session.client.redactor, onSecret: options.onSecret };
  return async (operation, context, send) => {
    const tool = options.toolNameOf(operation.id) ?? operation.id;
    const onProgress = context.onProgress ?? options.onProgress;
    try {
      const result = await send({
        wait: context.waitMs ?? options.waitMs,
        ...(context.waitWhole ? { waitWhole: true } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
        ...(onProgress
          ? { onProgress: (progress) => onProgress({ ...progress, tool, operationId: operation.id }) }
          : {}),
      });
      return result.status === 'success'
        ? withholdSecrets(successResult(result, options), withhold)
        : pendingResult(result, options.resumeToolName);
    } catch (error) {
      return errorResult(error);
    }
  };
}
