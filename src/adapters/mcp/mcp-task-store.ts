/**
 * Where the MCP server keeps what outlives a request and the service does not record: when each job
 * it handed out was submitted (so that `resume_job` and `tasks/get` on any instance count progress
 * from the job's start), which jobs are tasks (for `tasks/list`), and which tasks the client
 * cancelled. The job itself is the service's: any instance asks the service about it.
 * @module
 */

/**
 * A job the MCP server handed out, as a task or as a `processing` result.
 *
 * @example
 * const record: McpJobRecord = { operationId: 'v8_video_text_to_video', requestId: 'job_1', submittedAt: Date.now() };
 */
export interface McpJobRecord {
  readonly operationId: string;
  readonly requestId: string | number;
  /** When the job was submitted (epoch ms, the session's clock). */
  readonly submittedAt: number;
  /** The task that carries the job, when the client took it as a task. */
  readonly taskId?: string;
  /** The client cancelled the task. */
  readonly cancelled?: boolean;
}

/**
 * Where the MCP server keeps its jobs: memory by default ({@link MemoryMcpTaskStore}); a fleet, or
 * a server that must survive a restart, shares one ({@link RedisMcpTaskStore}).
 *
 * `put` merges: a job keeps the earliest submission time it was given, a task id once set, and a
 * cancellation once made, so instances that race never move a job's start later or undo a
 * cancellation.
 *
 * @example A store over a key-value service of your own
 * ```ts
 * // Without listTasks, tasks/list answers an empty list.
 * const store: McpTaskStore = {
 *   get: async (operationId, requestId) => kv.get(`mcp-job:${operationId}:${requestId}`),
 *   put: async (record, ttlMs) => kv.merge(`mcp-job:${record.operationId}:${record.requestId}`, record, { px: ttlMs }),
 * };
 * createMcpServerFactory(session, { taskStore: store });
 * ```
 */
export interface McpTaskStore {
  /** The record of a job, or undefined. */
  get(operationId: string, requestId: string | number): Promise<McpJobRecord | undefined>;
  /** Records a job for `ttlMs`, merged with what is there (see above). */
  put(record: McpJobRecord, ttlMs: number): Promise<void>;
  /** The most recent tasks, newest first, at most `limit`; submitted before `before` when given. */
  listTasks?(options: { readonly limit: number; readonly before?: number }): Promise<readonly McpJobRecord[]>;
}

/** Longest operation or request id a store keeps: longer ones are not the service's ids. */
export const MAX_JOB_ID_LENGTH = 512;

/** A job's key inside a store: the operation and the id, typed (a number 1 is not the string "1"). */
export function jobKey(operationId: string, requestId: string | number): string {
  return JSON.stringify([operationId, requestId]);
}

/** Whether a record can be kept: ids of bounded length, a finite time. */
export function isStorableJob(record: McpJobRecord): boolean {
  const { operationId, requestId, submittedAt, taskId } = record;
  return (
    typeof operationId === 'string' &&
    operationId.length > 0 &&
    operationId.length <= MAX_JOB_ID_LENGTH &&
    ((typeof requestId === 'string' && requestId.length > 0 && requestId.length <= MAX_JOB_ID_LENGTH) ||
      (typeof requestId === 'number' && Number.isFinite(requestId))) &&
    typeof submittedAt === 'number' &&
    Number.isFinite(submittedAt) &&
    (taskId === undefined || (typeof taskId === 'string' && taskId.length <= 2 * MAX_JOB_ID_LENGTH + 64))
  );
}

/** `put`'s merge: the earliest start, a task id once set, a cancellation once made. */
export function mergeJob(previous: McpJobRecord | undefined, next: McpJobRecord): McpJobRecord {
  if (!previous) return next;
  const taskId = previous.taskId ?? next.taskId;
  return {
    operationId: next.operationId,
    requestId: next.requestId,
    submittedAt: Math.min(previous.submittedAt, next.submittedAt),
    ...(taskId !== undefined ? { taskId } : {}),
    ...(previous.cancelled || next.cancelled ? { cancelled: true } : {}),
  };
}

/**
 * A stored record read back, checked field by field: anything else (foreign data under the key, a
 * record another version wrote) reads as absent.
 */
export function jobFrom(value: unknown): McpJobRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { operationId, requestId, submittedAt, taskId, cancelled } = value as Record<string, unknown>;
  const record = {
    operationId,
    requestId,
    submittedAt,
    ...(typeof taskId === 'string' ? { taskId } : {}),
    ...(cancelled === true ? { cancelled: true } : {}),
  } as McpJobRecord;
  return isStorableJob(record) ? record : undefined;
}

/**
 * Settings of a {@link MemoryMcpTaskStore}.
 *
 * @example
 * new MemoryMcpTaskStore({ maxEntries: 1000 });
 */
export interface MemoryMcpTaskStoreOptions {
  /** Jobs kept at most; the oldest goes first. @default 10000 */
  readonly maxEntries?: number;
  /** The clock, for tests. @default Date.now */
  readonly now?: () => number;
}

/**
 * The default {@link McpTaskStore}: this process's memory, bounded in entries and time. Enough
 * for one instance that is never restarted; a fleet passes a shared one.
 *
 * @example
 * createMcpServerFactory(session, { taskStore: new MemoryMcpTaskStore({ maxEntries: 1000 }) });
 */
export class MemoryMcpTaskStore implements McpTaskStore {
  readonly #entries = new Map<string, { record: McpJobRecord; until: number }>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryMcpTaskStoreOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.#now = options.now ?? Date.now;
  }

  async get(operationId: string, requestId: string | number): Promise<McpJobRecord | undefined> {
    const key = jobKey(operationId, requestId);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.record;
  }

  async put(record: McpJobRecord, ttlMs: number): Promise<void> {
    if (!isStorableJob(record)) return;
    const key = jobKey(record.operationId, record.requestId);
    const previous = await this.get(record.operationId, record.requestId);
    this.#entries.delete(key);
    // The oldest entry goes first: a Map iterates in insertion order.
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, { record: mergeJob(previous, record), until: this.#now() + Math.max(1, ttlMs) });
  }

  async listTasks(options: { readonly limit: number; readonly before?: number }) {
    const now = this.#now();
    const tasks = [...this.#entries.values()]
      .filter(({ record, until }) => until > now && record.taskId !== undefined)
      .map(({ record }) => record)
      .filter((record) => options.before === undefined || record.submittedAt < options.before)
      .sort((a, b) => b.submittedAt - a.submittedAt);
    return tasks.slice(0, Math.max(0, options.limit));
  }
}
