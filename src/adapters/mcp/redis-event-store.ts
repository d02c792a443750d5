/**
 * The event store of the MCP endpoint's 2025-11-25 streams in Redis, so that a fleet shares
 * resumable streams: a client whose stream broke on one instance reconnects to any other. The
 * bounds are those of `MemoryMcpEventStore` (streams, events per stream, bytes, age), kept
 * by one Lua script per event so that racing instances never overrun them.
 *
 * Like the other Redis stores, it takes a client the application created and connected: the
 * toolkit does not import a Redis library.
 * @module
 */
import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import { redisDeadline } from '../../http/rate-limit/redis-deadline.js';
import { type RedisCommandClient, RedisScript } from '../../http/rate-limit/redis-script.js';
import { eventIdOf, isPrimingEvent, parseEventId, unknownEventId } from './event-id.js';

/**
 * Settings of a {@link RedisMcpEventStore}.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * new RedisMcpEventStore({ client: redis, prefix: 'my-fleet:mcp:', maxStreams: 5_000 });
 */
export interface RedisMcpEventStoreOptions {
  /** A connected client (node-redis fits as is; see `RedisRateLimitStoreOptions.client` for ioredis). */
  readonly client: RedisCommandClient;
  /** Prepended to every key. Give each fleet its own when they share a Redis. @default 'gentk:mcp:' */
  readonly prefix?: string;
  /** Streams kept at once; the oldest goes first. @default 1000 */
  readonly maxStreams?: number;
  /** Events kept per stream; past it, the oldest go. @default 500 */
  readonly maxEventsPerStream?: number;
  /** Bytes of messages kept in all, as JSON; past it, the oldest streams go. @default 16777216 (16 MiB) */
  readonly maxBytes?: number;
  /** How long a stream is kept after its last event, in ms (also its keys' TTL). @default 600000 */
  readonly ttlMs?: number;
  /** How long the store waits for Redis, in ms, before the operation fails. @default 2000 */
  readonly timeoutMs?: number;
  /** The clock, for tests. @default Date.now */
  readonly now?: () => number;
}

/** Stream ids the SDK makes (UUIDs, `_GET_stream`): anything else in a Last-Event-ID is not ours. */
const STREAM_ID = /^[\w-]{1,128}$/;
const storable = (streamId: string) => STREAM_ID.test(streamId);

/**
 * KEYS: the streams index (sorted by last event), the total of bytes. ARGV: key prefix, stream id,
 * message, now, max events, max streams, max bytes, ttl. A stream's events are a list of
 * "sequence message" entries beside a hash of its next sequence and its bytes; the keys live
 * twice the TTL so that the script, not Redis, retires a stream and its bytes with it.
 */
const STORE = new RedisScript(`
local prefix, id, message = ARGV[1], ARGV[2], ARGV[3]
local now, maxEvents, maxStreams, maxBytes, ttl =
  tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
for _, key in ipairs(KEYS) do
  local kind = redis.call('TYPE', key)['ok']
  if kind ~= 'none' and kind ~= (key == KEYS[1] and 'zset' or 'string') then redis.call('DEL', key) end
end
local function drop(stream)
  local bytes = tonumber(redis.call('HGET', prefix .. 'meta:' .. stream, 'bytes')) or 0
  redis.call('DEL', prefix .. 'events:' .. stream, prefix .. 'meta:' .. stream)
  redis.call('ZREM', KEYS[1], stream)
  if redis.call('DECRBY', KEYS[2], bytes) < 0 then redis.call('SET', KEYS[2], 0) end
end
for _, stream in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - ttl, 'LIMIT', 0, 100)) do
  drop(stream)
end
local events, meta = prefix .. 'events:' .. id, prefix .. 'meta:' .. id
if redis.call('TYPE', events)['ok'] ~= 'list' or redis.call('TYPE', meta)['ok'] ~= 'hash' then
  redis.call('DEL', events, meta)
end
local sequence = redis.call('HINCRBY', meta, 'next', 1) - 1
redis.call('RPUSH', events, sequence .. ' ' .. message)
redis.call('HINCRBY', meta, 'bytes', #message)
redis.call('INCRBY', KEYS[2], #message)
while redis.call('LLEN', events) > maxEvents do
  local dropped = redis.call('LPOP', events)
  local bytes = #dropped - #string.match(dropped, '^%d+ ')
  redis.call('HINCRBY', meta, 'bytes', -bytes)
  redis.call('DECRBY', KEYS[2], bytes)
end
-- Streams touched in the same millisecond keep their order: the latest scores highest.
local top = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local score = now
if top[2] and tonumber(top[2]) >= now then
  score = top[1] == id and tonumber(top[2]) or tonumber(top[2]) + 0.001
end
redis.call('ZADD', KEYS[1], score, id)
for _, key in ipairs({ events, meta, KEYS[1], KEYS[2] }) do redis.call('PEXPIRE', key, ttl * 2) end
while redis.call('ZCARD', KEYS[1]) > maxStreams
  or (tonumber(redis.call('GET', KEYS[2])) > maxBytes and redis.call('ZCARD', KEYS[1]) > 1) do
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0)[1]
  if oldest == id then break end
  drop(oldest)
end
return sequence
`);

/**
 * The event store of the MCP endpoint's 2025-11-25 streams, shared by every instance given the
 * same Redis and prefix: a client whose response stream broke mid-call reconnects with
 * `Last-Event-ID` to any of them and receives the progress it missed and the result. Bounded as
 * `MemoryMcpEventStore` is; what Redis answers is checked (size, shape, JSON) before it
 * goes on the wire, and a Redis that does not answer fails the operation within `timeoutMs`.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { connect } from 'generation-agent-toolkit';
 * import { createMcpHttpHandler, createMcpServerFactory, RedisMcpEventStore } from 'generation-agent-toolkit/mcp';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const session = await connect({ baseUrl: 'https://api.example.com' });
 * const handler = createMcpHttpHandler(createMcpServerFactory(session), {
 *   eventStore: new RedisMcpEventStore({ client: redis }),
 * });
 * ```
 */
export class RedisMcpEventStore implements EventStore {
  readonly #client: RedisCommandClient;
  readonly #prefix: string;
  readonly #maxStreams: number;
  readonly #maxEvents: number;
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;

  constructor(options: RedisMcpEventStoreOptions) {
    this.#client = options.client;
    // One hash tag for every key, so that a Redis Cluster keeps the streams on one node.
    this.#prefix = `${options.prefix ?? 'gentk:mcp:'}{streams}:`;
    this.#maxStreams = Math.max(1, Math.floor(options.maxStreams ?? 1_000));
    this.#maxEvents = Math.max(1, Math.floor(options.maxEventsPerStream ?? 500));
    this.#maxBytes = Math.max(1, Math.floor(options.maxBytes ?? 16 * 1024 * 1024));
    this.#ttlMs = Math.max(1, Math.ceil(options.ttlMs ?? 600_000));
    this.#timeoutMs = Math.max(1, options.timeoutMs ?? 2_000);
    this.#now = options.now ?? Date.now;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    if (!STREAM_ID.test(streamId))
      throw new Error(`Stream id ${JSON.stringify(streamId.slice(0, 40))} is not storable.`);
    const reply = await this.#bounded(
      STORE.run(
        this.#client,
        [`${this.#prefix}index`, `${this.#prefix}bytes`],
        [
          this.#prefix,
          streamId,
          JSON.stringify(message),
          String(Math.round(this.#now())),
          String(this.#maxEvents),
          String(this.#maxStreams),
          String(this.#maxBytes),
          String(this.#ttlMs),
        ],
      ),
    );
    const sequence = Number(reply);
    if (!Number.isSafeInteger(sequence) || sequence < 0) throw new Error('Redis gave no event sequence.');
    return eventIdOf(streamId, sequence);
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const parsed = parseEventId(eventId, storable);
    if (!parsed) return undefined;
    return (await this.#isKept(parsed.streamId)) ? parsed.streamId : undefined;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const parsed = parseEventId(lastEventId, storable);
    if (!parsed || !(await this.#isKept(parsed.streamId))) throw unknownEventId();
    // A Redis that fails here fails the replay: one that sent nothing would read as success.
    const reply = await this.#bounded(
      this.#client.sendCommand([
        'LRANGE',
        `${this.#prefix}events:${parsed.streamId}`,
        '0',
        String(this.#maxEvents - 1),
      ]),
    );
    const entries = Array.isArray(reply) ? reply.slice(0, this.#maxEvents) : [];
    for (const entry of entries) {
      const event = eventOf(entry, this.#maxBytes);
      if (!event || event.sequence <= parsed.sequence) continue;
      if (isPrimingEvent(event.message)) continue;
      await send(eventIdOf(parsed.streamId, event.sequence), event.message);
    }
    return parsed.streamId;
  }

  /**
   * Whether the stream is listed and younger than the TTL (Redis may keep its keys longer); a
   * Redis that does not answer keeps nothing (a lookup finds no stream, a replay is refused).
   */
  async #isKept(streamId: string): Promise<boolean> {
    const score = await this.#bounded(
      this.#client.sendCommand(['ZSCORE', `${this.#prefix}index`, streamId]),
    ).catch(() => undefined);
    const touched = Number(textOf(score, 32));
    return Number.isFinite(touched) && this.#now() - touched < this.#ttlMs;
  }

  #bounded<T>(command: Promise<T>): Promise<T> {
    return redisDeadline(command, this.#timeoutMs);
  }
}

/** A reply's text, when it is text of at most `max` characters. */
function textOf(value: unknown, max: number): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : value instanceof Uint8Array
        ? new TextDecoder().decode(value.subarray(0, max + 1))
        : typeof value === 'number'
          ? String(value)
          : undefined;
  return text !== undefined && text.length <= max ? text : undefined;
}

/** A stored "sequence message" entry, when it is one: foreign or oversized entries are skipped. */
function eventOf(
  entry: unknown,
  maxBytes: number,
): { sequence: number; message: JSONRPCMessage } | undefined {
  const text = textOf(entry, maxBytes + 32);
  const match = text === undefined ? null : /^(\d{1,15}) /.exec(text);
  if (!text || !match) return undefined;
  try {
    const message: unknown = JSON.parse(text.slice(match[0].length));
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
    const jsonrpc = (message as { jsonrpc?: unknown }).jsonrpc;
    if (Object.keys(message).length > 0 && jsonrpc !== '2.0') return undefined;
    return { sequence: Number(match[1]), message: message as JSONRPCMessage };
  } catch {
    return undefined;
  }
}
