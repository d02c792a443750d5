import type { ProgressNotification } from '@modelcontextprotocol/server';
import type { ToolProgress } from '../../tools/tool-spec.js';

/** What a progress notification needs from the request being handled. */
export interface ProgressTarget {
  /** The `_meta.progressToken` of the tools/call request. */
  readonly progressToken: string | number;
  /** The handler's `ctx.mcpReq.notify`: it keeps the notification on the request's stream. */
  readonly send: (notification: ProgressNotification) => Promise<void>;
  /** Longest silence between two notifications while a job runs, in ms. */
  readonly intervalMs: number;
  /** The clock, for tests. @default Date.now */
  readonly now?: () => number;
}

/** Reports progress for one call, and keeps reporting between the poller's reports. */
export interface ProgressNotifier {
  report(progress: ToolProgress): void;
  /**
   * The job's submission time as a shared store knows it (epoch ms, the same clock as `now`):
   * elapsed times count from there when it is earlier than the poller's own start (a job resumed on
   * an instance that did not submit it).
   */
  startFrom(submittedAt: number): void;
  /** Stops the periodic reports: the call ended. */
  stop(): void;
}

function describe(progress: ToolProgress, elapsedMs: number): string {
  const seconds = Math.round(elapsedMs / 1000);
  const job = progress.requestId !== undefined ? ` job ${String(progress.requestId)}` : '';
  if (progress.status === 'success') return `${progress.operationId}${job}: done after ${seconds} s`;
  if (progress.status === 'failed') return `${progress.operationId}${job}: failed after ${seconds} s`;
  const left =
    progress.etaMs !== undefined ? `, about ${Math.max(1, Math.round(progress.etaMs / 1000))} s left` : '';
  const resume =
    progress.requestId !== undefined
      ? ` (if this call is cut off, resume_job with request_id ${JSON.stringify(progress.requestId)} picks it up)`
      : '';
  return `${progress.operationId}${job}: processing for ${seconds} s${left}${resume}`;
}

/**
 * Turns the job poller's reports into `notifications/progress`. Progress is counted in seconds
 * since submission, with the service's estimate of the end as `total` when it gives one, so a
 * client can draw a bar. Every message names the job, so that a client whose call is cut off still
 * holds its id (and `_meta` carries it for programs). Between the poller's reports (a video is
 * polled every 10 to 20 s) a report goes out every `intervalMs`, with the elapsed time moved on,
 * so that a client that resets its timeout on progress keeps waiting. MCP wants the value to grow
 * with each notification, so a report that would not move it is not sent; a failed send is
 * ignored, since the call itself goes on.
 */
export function progressNotifier(target: ProgressTarget): ProgressNotifier {
  const now = target.now ?? Date.now;
  let last = -1;
  let latest: { progress: ToolProgress; at: number } | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let submittedAt: number | undefined;
  /** The reported elapsed time, or the time since the known submission when that is longer. */
  const elapsedOf = (reportedMs: number, at: number) =>
    submittedAt === undefined ? reportedMs : Math.max(reportedMs, at - submittedAt);

  const send = (progress: ToolProgress, elapsedMs: number, reportedElapsedMs: number) => {
    const value = elapsedMs / 1000;
    if (value <= last) return;
    last = value;
    const total =
      progress.status === 'success'
        ? value
        : progress.etaMs !== undefined
          ? Math.max(value, (reportedElapsedMs + progress.etaMs) / 1000)
          : undefined;
    target
      .send({
        method: 'notifications/progress',
        params: {
          progressToken: target.progressToken,
          progress: value,
          ...(total !== undefined ? { total } : {}),
          message: describe(progress, elapsedMs),
          ...(progress.requestId !== undefined
            ? {
                _meta: {
                  'io.github.generation-agent-toolkit/job': {
                    operationId: progress.operationId,
                    requestId: progress.requestId,
                  },
                },
              }
            : {}),
        },
      } as ProgressNotification)
      .catch(() => undefined);
  };

  const tick = () => {
    if (latest === undefined || latest.progress.status !== 'processing') return;
    const at = now();
    send(
      latest.progress,
      elapsedOf(latest.progress.elapsedMs + (at - latest.at), at),
      elapsedOf(latest.progress.elapsedMs, latest.at),
    );
  };

  return {
    report(progress) {
      latest = { progress, at: now() };
      const elapsedMs = elapsedOf(progress.elapsedMs, latest.at);
      send(progress, elapsedMs, elapsedMs);
      if (progress.status !== 'processing') {
        if (timer !== undefined) clearInterval(timer);
        timer = undefined;
      } else if (timer === undefined && target.intervalMs > 0) {
        timer = setInterval(tick, target.intervalMs);
        (timer as { unref?: () => void }).unref?.();
      }
    },
    startFrom(start) {
      if (Number.isFinite(start) && (submittedAt === undefined || start < submittedAt)) submittedAt = start;
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}
