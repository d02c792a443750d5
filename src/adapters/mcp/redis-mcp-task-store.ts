/**
 * The MCP server's jobs and tasks in Redis, so that a fleet shares them and a restarted instance
 * finds them: a hash per job (its ids as the server wrote them, its submission time, its task, a
 * cancellation), merged by one Lua script so that racing instances never move a start later or
 * undo a cancellation, and a sorted set of the tasks by submission for `tasks/list`, capped.
 *
 * Like the other Redis stores, it takes a client the application created and connected: the
 * toolkit does not import a Redis library.
 * @module
 */

import { type RedisCommandClient, RedisScript } from '../../http/rate-limit/redis-script.js';
import { redisDeadline } from '../../runtime/redis-deadline.js';
import { isStorableJob, jobFrom, jobKey, type McpJobRecord, type McpTaskStore } from './mcp-task-store.js';

/**
 * Settings of a {@link RedisMcpTaskStore}.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const taskStore = new RedisMcpTaskStore({ client: redis, prefix: 'my-fleet:mcp:' });
 */
export interface RedisMcpTaskStoreOptions {
  /** A connected client (node-redis fits as is; see `RedisRateLimitStoreOptions.client` for ioredis). */
  readonly client: RedisCommandClient;
  /** Prepended to every key. Give each fleet its own when they share a Redis. @default 'gentk:mcp:' */
  readonly prefix?: string;
  /** Tasks `tasks/list` can show; older ones leave the list (their jobs stay until their TTL). @default 1000 */
  readonly maxListedTasks?: number;
  /**
   * How long the store waits for Redis, in ms, before it gives up: a job's start is then counted
   * from this call, and `tasks/cancel` fails with an error the client sees.
   * @default 2000
   */
  readonly timeoutMs?: number;
}

/** Longest stored field the store reads back: more is not ours. */
const MAX_FIELD_LENGTH = 4_096;

const PUT = new RedisScript(`
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind ~= 'hash' and kind ~= 'none' then redis.call('DEL', KEYS[1]) end
redis.call('HSETNX', KEYS[1], 'job', ARGV[1])
local previous = tonumber(redis.call('HGET', KEYS[1], 'submittedAt'))
if previous == nil or tonumber(ARGV[2]) < previous then redis.call('HSET', KEYS[1], 'submittedAt', ARGV[2]) end
if ARGV[3] ~= '' then redis.call('HSETNX', KEYS[1], 'taskId', ARGV[3]) end
if ARGV[4] == '1' then redis.call('HSET', KEYS[1], 'cancelled', '1') end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
if redis.call('HEXISTS', KEYS[1], 'taskId') == 1 then
  local listKind = redis.call('TYPE', KEYS[2])['ok']
  if listKind ~= 'zset' and listKind ~= 'none' then redis.call('DEL', KEYS[2]) end
  redis.call('ZADD', KEYS[2], redis.call('HGET', KEYS[1], 'submittedAt'), ARGV[1])
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[6]) + 1))
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
end
return 1
`);

/**
 * Jobs and tasks of an MCP server, shared by every instance given the same Redis and prefix, and
 * kept across restarts: a task started on one instance is answered, listed and cancelled on any
 * other, and `resume_job` anywhere counts progress from the job's submission.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { connect } from 'generation-agent-toolkit';
 * import { createMcpHttpHandler, createMcpServerFactory, RedisMcpTaskStore } from 'generation-agent-toolkit/mcp';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const session = await connect({ baseUrl: 'https://api.example.com' });
 * const handler = createMcpHttpHandler(
 *   createMcpServerFactory(session, { taskStore: new RedisMcpTaskStore({ client: redis }) }),
 * );
 * ```
 */
export class RedisMcpTaskStore implements McpTaskStore {
  readonly #client: RedisCommandClient;
  readonly #prefix: string;
  readonly #maxListed: number;
  readonly #timeoutMs: number;

  constructor(options: RedisMcpTaskStoreOptions) {
    this.#client = options.client;
    // One hash tag for every key, so that a Redis Cluster keeps a job and the list on one node.
    this.#prefix = `${options.prefix ?? 'gentk:mcp:'}{tasks}:`;
    this.#maxListed = Math.max(1, Math.floor(options.maxListedTasks ?? 1_000));
    this.#timeoutMs = Math.max(1, options.timeoutMs ?? 2_000);
  }

  async get(operationId: string, requestId: string | number): Promise<McpJobRecord | undefined> {
    return this.#read(jobKey(operationId, requestId));
  }

  async put(record: McpJobRecord, ttlMs: number): Promise<void> {
    if (!isStorableJob(record)) return;
    const member = jobKey(record.operationId, record.requestId);
    await this.#bounded(
      PUT.run(
        this.#client,
        [this.#jobKey(member), this.#listKey],
        [
          member,
          String(Math.round(record.submittedAt)),
          record.taskId ?? '',
          record.cancelled ? '1' : '',
          String(Math.max(1, Math.ceil(ttlMs))),
          String(this.#maxListed),
        ],
      ),
    );
  }

  async listTasks(options: { readonly limit: number; readonly before?: number }) {
    const limit = Math.max(0, Math.min(Math.floor(options.limit), this.#maxListed));
    if (limit === 0) return [];
    const max = options.before === undefined ? '+inf' : `(${Math.round(options.before)}`;
    const reply = await this.#bounded(
      this.#client.sendCommand(['ZREVRANGEBYSCORE', this.#listKey, max, '-inf', 'LIMIT', '0', String(limit)]),
    ).catch(() => []);
    const members = Array.isArray(reply) ? reply.slice(0, limit).map(textOf) : [];
    const records = await Promise.all(
      members.map((member) => (member === undefined ? undefined : this.#read(member))),
    );
    return records.filter((record): record is McpJobRecord => record?.taskId !== undefined);
  }

  get #listKey(): string {
    return `${this.#prefix}list`;
  }

  #jobKey(member: string): string {
    return `${this.#prefix}job:${member}`;
  }

  async #read(member: string): Promise<McpJobRecord | undefined> {
    let reply: unknown;
    try {
      reply = await this.#bounded(this.#client.sendCommand(['HGETALL', this.#jobKey(member)]));
    } catch {
      // Foreign data under the key, or Redis away: the job reads as unknown, counted from now.
      return undefined;
    }
    const fields = fieldsOf(reply);
    const job = fields.get('job');
    if (job === undefined || job !== member) return undefined;
    let ids: unknown;
    try {
      ids = JSON.parse(job);
    } catch {
      return undefined;
    }
    if (!Array.isArray(ids) || ids.length !== 2) return undefined;
    return jobFrom({
      operationId: ids[0],
      requestId: ids[1],
      submittedAt: Number(fields.get('submittedAt')),
      taskId: fields.get('taskId'),
      cancelled: fields.get('cancelled') === '1',
    });
  }

  #bounded<T>(command: Promise<T>): Promise<T> {
    return redisDeadline(command, this.#timeoutMs);
  }
}

/** A reply's text, when it is short text. */
function textOf(value: unknown): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : value instanceof Uint8Array
        ? new TextDecoder().decode(value.subarray(0, MAX_FIELD_LENGTH + 1))
        : undefined;
  return text !== undefined && text.length <= MAX_FIELD_LENGTH ? text : undefined;
}

/** HGETALL's reply as a map, from RESP2's flat array or RESP3's map; the fields we know only. */
function fieldsOf(reply: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  const known = new Set(['job', 'submittedAt', 'taskId', 'cancelled']);
  const add = (name: unknown, value: unknown) => {
    const key = textOf(name);
    const text = textOf(value);
    if (key !== undefined && known.has(key) && text !== undefined) fields.set(key, text);
  };
  if (Array.isArray(reply)) {
    for (let index = 0; index + 1 < Math.min(reply.length, 32); index += 2)
      add(reply[index], reply[index + 1]);
  } else if (reply instanceof Map) {
    for (const [name, value] of reply) add(name, value);
  } else if (typeof reply === 'object' && reply !== null) {
    for (const name of known) add(name, (reply as Record<string, unknown>)[name]);
  }
  return fields;
}
