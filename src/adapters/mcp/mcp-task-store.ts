/**
 * Where the MCP tasks' own state lives: only what the service does not already know about a job
 * (that the client cancelled it). A task's job is named by its id, so any instance answers
 * `tasks/get` from the service itself; a fleet shares this store so that a cancellation made on one
 * instance holds on all.
 *
 * @example A store over any key-value service of your own:
 * ```ts
 * const store: McpTaskStore = {
 *   get: (taskId) => kv.get(`mcp-task:${taskId}`),
 *   set: (taskId, state, ttlMs) => kv.set(`mcp-task:${taskId}`, state, { px: ttlMs }),
 * };
 * createMcpServerFactory(session, { taskStore: store });
 * ```
 */
export interface McpTaskStore {
  /** The state recorded for a task, or undefined. */
  get(taskId: string): Promise<'cancelled' | undefined>;
  /** Records a task's state for `ttlMs`. */
  set(taskId: string, state: 'cancelled', ttlMs: number): Promise<void>;
}

/**
 * The default {@link McpTaskStore}: this process's memory, bounded in entries and time. Enough
 * for one instance; a fleet passes a shared one.
 *
 * @example
 * createMcpServerFactory(session, { taskStore: new MemoryMcpTaskStore({ maxEntries: 1000 }) });
 */
export class MemoryMcpTaskStore implements McpTaskStore {
  readonly #entries = new Map<string, { state: 'cancelled'; until: number }>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { readonly maxEntries?: number; readonly now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  async get(taskId: string): Promise<'cancelled' | undefined> {
    const entry = this.#entries.get(taskId);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#entries.delete(taskId);
      return undefined;
    }
    return entry.state;
  }

  async set(taskId: string, state: 'cancelled', ttlMs: number): Promise<void> {
    this.#entries.delete(taskId);
    // The oldest entry goes first: a Map iterates in insertion order.
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    this.#entries.set(taskId, { state, until: this.#now() + ttlMs });
  }
}
