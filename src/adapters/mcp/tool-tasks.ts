/**
 * MCP Tasks (the `io.modelcontextprotocol/tasks` extension of 2026-07-28) over the toolkit's
 * resumable jobs. A task is a job handle: its id names the operation, the job's request id and
 * when it started, so any instance, including one started after a restart, answers `tasks/get` by
 * asking the service about the job. Only a cancellation, which the service does not record, goes
 * to the {@link McpTaskStore}.
 * @module
 */

import type { ClientCapabilities } from '@modelcontextprotocol/server';
import type { ToolPending, ToolResult } from '../../tools/tool-result.js';
import { jobFigures, type LastProgress } from './media-viewer-job.js';
import { JOB_META_KEY } from './media-viewer-view.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const PREFIX = 'gentk1.';
/** Longer ids are not ours: refused before any decoding. */
const MAX_TASK_ID_LENGTH = 1024;

/** What a task id names. */
export interface TaskJob {
  readonly operationId: string;
  readonly requestId: string | number;
  /** When the job was submitted (epoch ms). */
  readonly createdAt: number;
}

/** Whether the request's client declared the Tasks extension (per request on 2026-07-28). */
export function wantsTasks(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return typeof extensions === 'object' && extensions !== null && TASKS_EXTENSION in extensions;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0)),
  );

export function encodeTaskId(job: TaskJob): string {
  return PREFIX + toBase64Url(JSON.stringify([job.operationId, job.requestId, job.createdAt]));
}

/** The job a task id names, or undefined for an id this server did not make. */
export function decodeTaskId(taskId: unknown): TaskJob | undefined {
  if (typeof taskId !== 'string' || taskId.length > MAX_TASK_ID_LENGTH || !taskId.startsWith(PREFIX))
    return undefined;
  try {
    const value: unknown = JSON.parse(fromBase64Url(taskId.slice(PREFIX.length)));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [operationId, requestId, createdAt] = value as unknown[];
    if (typeof operationId !== 'string' || operationId === '') return undefined;
    if (typeof requestId !== 'string' && !(typeof requestId === 'number' && Number.isFinite(requestId)))
      return undefined;
    if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) return undefined;
    return { operationId, requestId, createdAt };
  } catch {
    return undefined;
  }
}

/** How often a client should ask: the service's own advice (from its eta), within `maxMs`. */
export function pollIntervalOf(retryAfterMs: number | undefined, maxMs: number): number {
  const max = Math.max(1, maxMs);
  return Math.round(Math.min(max, Math.max(Math.min(1_000, max), retryAfterMs ?? 5_000)));
}

/**
 * A working task's status message and `_meta` (the job's figures, as a result still processing
 * carries them: see jobFigures), so that a host's viewer follows it as it does a result. The task's
 * start counts as the job's submission when the poller knows none earlier.
 */
function workingFields(job: TaskJob, pending: ToolPending, now: number, last: LastProgress | undefined) {
  const figures = jobFigures({ pending, last, submittedAt: job.createdAt, now });
  const seconds = Math.round((figures.elapsedMs ?? 0) / 1000);
  const left =
    last?.progress.etaMs !== undefined
      ? `, about ${Math.max(1, Math.round(figures.etaMs / 1000))} s left`
      : '';
  return {
    statusMessage: `${job.operationId} job ${String(job.requestId)}: processing for ${seconds} s${left}; next look in about ${Math.max(1, Math.round(pending.retryAfterMs / 1000))} s`,
    _meta: { [JOB_META_KEY]: figures },
  };
}

/** The fields every task shape shares. */
function taskFields(taskId: string, job: TaskJob, now: number) {
  return {
    taskId,
    createdAt: new Date(job.createdAt).toISOString(),
    lastUpdatedAt: new Date(now).toISOString(),
    ttlMs: null,
  };
}

/** The answer to a task-augmented `tools/call` whose job outlived the first short wait. */
export function createTaskResult(
  pending: ToolPending,
  createdAt: number,
  now: number,
  maxPollMs: number,
  last?: LastProgress,
) {
  const job: TaskJob = { operationId: pending.operationId, requestId: pending.requestId, createdAt };
  const taskId = encodeTaskId(job);
  return {
    resultType: 'task' as const,
    ...taskFields(taskId, job, now),
    status: 'working' as const,
    ...workingFields(job, pending, now, last),
    pollIntervalMs: pollIntervalOf(pending.retryAfterMs, maxPollMs),
  };
}

/**
 * The state of a task as `tasks/get` gives it: still working (with progress in words), completed
 * with the tool result (a failed job is a completed task whose result is an error, as the
 * extension wants for tool errors), or cancelled.
 */
export function detailedTask(
  taskId: string,
  job: TaskJob,
  now: number,
  maxPollMs: number,
  outcome:
    | { readonly cancelled: true }
    | { readonly result: ToolResult; readonly callResult: object; readonly last?: LastProgress },
) {
  if ('cancelled' in outcome)
    return {
      ...taskFields(taskId, job, now),
      status: 'cancelled' as const,
      statusMessage: 'Cancelled by the client; the service may still finish the job and charge for it.',
    };
  const { result } = outcome;
  if (result.status === 'processing')
    return {
      ...taskFields(taskId, job, now),
      status: 'working' as const,
      ...workingFields(job, result, now, outcome.last),
      pollIntervalMs: pollIntervalOf(result.retryAfterMs, maxPollMs),
    };
  return {
    ...taskFields(taskId, job, now),
    status: 'completed' as const,
    statusMessage:
      result.status === 'success'
        ? `${job.operationId} job ${String(job.requestId)}: done after ${Math.max(0, Math.round((now - job.createdAt) / 1000))} s`
        : `${job.operationId} job ${String(job.requestId)}: ${result.message}`,
    // The tool result as a 2026-07-28 response would carry it: a complete result.
    result: { ...outcome.callResult, resultType: 'complete' },
  };
}

/**
 * The 2025-11-25 protocol's experimental tasks capability (a task-augmented `tools/call` with
 * `params.task`, `tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`), declared to
 * 2025-11-25 clients only.
 */
export const LEGACY_TASKS_CAPABILITY = {
  list: {},
  cancel: {},
  requests: { tools: { call: {} } },
} as const;

/** A 2025-11-25 task as `tasks/get`, `tasks/list` and `tasks/cancel` give it. */
export function legacyTask(
  task: ReturnType<typeof detailedTask> | ReturnType<typeof createTaskResult>,
): Record<string, unknown> {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt } = task;
  const pollInterval = 'pollIntervalMs' in task ? task.pollIntervalMs : undefined;
  const meta = '_meta' in task ? task._meta : undefined;
  return {
    ...(meta !== undefined ? { _meta: meta } : {}),
    taskId,
    status,
    ...(statusMessage !== undefined ? { statusMessage } : {}),
    createdAt,
    lastUpdatedAt,
    ttl: null,
    ...(pollInterval !== undefined ? { pollInterval } : {}),
  };
}
