import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolPending, ToolResult } from '../../tools/tool-result.js';
import type { ToolProgress } from '../../tools/tool-spec.js';
import { JOB_META_KEY } from './media-viewer-view.js';

/** The poller's last report in a call or a task's look, and when it came (on the session's clock). */
export interface LastProgress {
  readonly progress: Pick<ToolProgress, 'elapsedMs' | 'etaMs'>;
  readonly at: number;
}

/** A job as the media viewer follows it, in `_meta` of a result still processing or a working task. */
export interface JobFigures {
  readonly operationId: string;
  readonly requestId: string | number;
  /** Since the job's submission (ms), when anything told it. */
  readonly elapsedMs?: number;
  /** The time left (ms): the service's estimate, else its advice on when to look. */
  readonly etaMs: number;
}

/**
 * A job's figures as of `now`, one arithmetic for results and tasks alike: the last report moved
 * on to now (a call or a look waits past its last poll, so the time since it is added to the
 * elapsed time and taken off the estimate), and the time since `submittedAt` when it is known (a
 * task's start), the larger of the two winning. With no estimate, the time left is the service's
 * advice on when to look (`retryAfterMs`). Never negative.
 *
 * @example
 * jobFigures({ pending, last: { progress: { elapsedMs: 4_000, etaMs: 10_000 }, at: 1_000 }, now: 3_000 });
 * // { operationId, requestId, elapsedMs: 6_000, etaMs: 8_000 }
 */
export function jobFigures(options: {
  readonly pending: Pick<ToolPending, 'operationId' | 'requestId' | 'retryAfterMs'>;
  readonly last?: LastProgress | undefined;
  /** When the job was submitted (epoch ms on the same clock), when known. */
  readonly submittedAt?: number | undefined;
  readonly now: number;
}): JobFigures {
  const { pending, last, submittedAt, now } = options;
  const since = last ? Math.max(0, now - last.at) : 0;
  const elapsed = [
    ...(last ? [last.progress.elapsedMs + since] : []),
    ...(submittedAt !== undefined ? [now - submittedAt] : []),
  ];
  const etaMs = last?.progress.etaMs !== undefined ? last.progress.etaMs - since : pending.retryAfterMs;
  return {
    operationId: pending.operationId,
    requestId: pending.requestId,
    ...(elapsed.length > 0 ? { elapsedMs: Math.max(0, ...elapsed) } : {}),
    etaMs: Math.max(0, etaMs),
  };
}

/**
 * A result still processing, with its job and progress in `_meta` for the media viewer (see
 * {@link jobFigures}). The envelope the model reads is unchanged.
 */
export function withJobMeta(
  answer: CallToolResult,
  result: ToolResult,
  last: LastProgress | undefined,
  now: number,
): CallToolResult {
  if (result.status !== 'processing') return answer;
  const job = jobFigures({ pending: result, last, now });
  return { ...answer, _meta: { ...answer._meta, [JOB_META_KEY]: job } };
}
