import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolResult } from '../../tools/tool-result.js';
import type { ToolProgress } from '../../tools/tool-spec.js';
import { JOB_META_KEY } from './media-viewer-view.js';

/** The poller's last report in a call, and when it came (on the session's clock). */
export interface LastProgress {
  readonly progress: ToolProgress;
  readonly at: number;
}

/**
 * A result still processing, with its job and progress in `_meta` for the media viewer: how long
 * the job has run since its submission and the service's estimate of the time left, as of the
 * last poll moved on to now (a call waits past its last poll). The envelope the model reads is
 * unchanged.
 */
export function withJobMeta(
  answer: CallToolResult,
  result: ToolResult,
  last: LastProgress | undefined,
  now: number,
): CallToolResult {
  if (result.status !== 'processing') return answer;
  const since = last ? Math.max(0, now - last.at) : 0;
  const etaMs = last?.progress.etaMs !== undefined ? last.progress.etaMs - since : result.retryAfterMs;
  const job = {
    operationId: result.operationId,
    requestId: result.requestId,
    ...(last ? { elapsedMs: last.progress.elapsedMs + since } : {}),
    etaMs: Math.max(0, etaMs),
  };
  return { ...answer, _meta: { ...answer._meta, [JOB_META_KEY]: job } };
}
