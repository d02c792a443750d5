import type { ProgressNotification } from '@modelcontextprotocol/sdk/types.js';
import type { ToolProgress } from '../../tools/tool-spec.js';

/** What a progress notification needs from the request being handled. */
export interface ProgressTarget {
  /** The `_meta.progressToken` of the tools/call request. */
  readonly progressToken: string | number;
  /** The handler's `extra.sendNotification`: it keeps the notification on the request's stream. */
  readonly send: (notification: ProgressNotification) => Promise<void>;
}

function describe(progress: ToolProgress): string {
  const seconds = Math.round(progress.elapsedMs / 1000);
  if (progress.status === 'success') return `${progress.operationId}: done after ${seconds} s`;
  if (progress.status === 'failed') return `${progress.operationId}: failed after ${seconds} s`;
  const left =
    progress.etaMs !== undefined ? `, about ${Math.max(1, Math.round(progress.etaMs / 1000))} s left` : '';
  return `${progress.operationId}: processing for ${seconds} s${left}`;
}

/**
 * Turns the job poller's reports into `notifications/progress`. Progress is counted in seconds
 * since submission, with the service's estimate of the end as `total` when it gives one, so a
 * client can draw a bar. MCP wants the value to grow with each notification, so a report that
 * would not move it is not sent; a failed send is ignored, since the call itself goes on.
 */
export function progressNotifier(target: ProgressTarget): (progress: ToolProgress) => void {
  let last = -1;
  return (progress) => {
    const value = progress.elapsedMs / 1000;
    if (value <= last) return;
    last = value;
    const total =
      progress.status === 'success'
        ? value
        : progress.etaMs !== undefined
          ? (progress.elapsedMs + progress.etaMs) / 1000
          : undefined;
    target
      .send({
        method: 'notifications/progress',
        params: {
          progressToken: target.progressToken,
          progress: value,
          ...(total !== undefined ? { total } : {}),
          message: describe(progress),
        },
      })
      .catch(() => undefined);
  };
}
