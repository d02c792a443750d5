/**
 * A rate-limit store in Redis, so that every process of a fleet draws on one account's quota
 * through one governor state. Compare-and-set is a Lua script (atomic on the server), each write
 * renews the bucket's TTL, and whatever else is found under a key reads as absent.
 *
 * The store takes a client the application already created and connected: the toolkit does not
 * import a Redis library, and the connection (TLS, auth, reconnection) stays the caller's.
 * @module
 */
import { redisDeadline } from '../../runtime/redis-deadline.js';
import { decodeVersionedState, encodeBucketState, MAX_VERSION_DIGITS } from './bucket-state-codec.js';
import type { BucketState, RateLimitStore, VersionedBucketState } from './rate-limit-store.js';
import { RateLimitStoreError } from './rate-limit-store-error.js';
import { isRedisReplyError, type RedisCommandClient, RedisScript } from './redis-script.js';

export type { RedisCommandClient } from './redis-script.js';

/**
 * Replaces the stored value only when its version is still `ARGV[1]`. The version is the digits
 * before the first `:`; a value of another type or without a version is version 0 (absent), as
 * the reader sees it, so the write replaces it.
 */
const COMPARE_AND_SET = new RedisScript(`
local stored = redis.pcall('GET', KEYS[1])
local version = 0
if type(stored) == 'string' then
  local digits = string.match(stored, '^(%d+):')
  if digits and #digits <= ${MAX_VERSION_DIGITS} then version = tonumber(digits) end
end
if version ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], string.format('%d', version + 1) .. ':' .. ARGV[2], 'PX', ARGV[3])
return 1
`);

/**
 * The Redis connection a {@link RedisRateLimitStore} uses, and the prefix of its keys.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = new RedisRateLimitStore({ client: redis, prefix: 'my-fleet:' });
 */
export interface RedisRateLimitStoreOptions {
  /**
   * A connected client. node-redis (`createClient()` from `redis`) fits as is; for ioredis pass
   * `{ sendCommand: (args) => redis.call(args[0]!, ...args.slice(1)) }`. The store never
   * connects or closes it.
   */
  readonly client: RedisCommandClient;
  /**
   * Prepended to every bucket name to make its key. Give each fleet (account, environment) its
   * own when they share a Redis.
   * @default 'gentk:rate-limit:'
   */
  readonly prefix?: string;
  /**
   * How long the store waits for Redis to answer a command (a read, or a compare-and-set with
   * its script) before it fails with a `RateLimitStoreError` (`backendCode: 'TimeoutError'`).
   * A client that queues commands while it reconnects (node-redis and ioredis do by default), or
   * a server that stopped answering, would otherwise hold every request of the fleet; this way
   * the governor meets the store's failure as any other: a request not yet sent is refused,
   * and an answer that could not be recorded is still returned.
   * @default 2_000
   */
  readonly timeoutMs?: number;
}

/**
 * Governor state in Redis: pass one to every process's client to share one quota.
 *
 * The buckets hold times (resets, `Retry-After` ends) as epoch milliseconds of each process's
 * clock, so the processes sharing a store need clocks that agree to well under a second: one
 * machine, or machines kept in time by NTP.
 *
 * What is shared: the request quotas, the cap on requests in flight learned from
 * secondary-limit refusals, and the account's job slots (its limit on jobs at once, and every
 * process's count of them), so that the fleet keeps to the account's limits as one client would.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { connect, RedisRateLimitStore } from 'generation-agent-toolkit';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = new RedisRateLimitStore({ client: redis, prefix: 'gentk:prod:' });
 * const session = await connect({ baseUrl, apiKey, http: { rateLimit: { store } } });
 * // ... every process of the fleet does the same, and together they stay under the quota.
 * await session.close();
 * await redis.close();
 * ```
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #client: RedisCommandClient;
  readonly #prefix: string;
  readonly #timeoutMs: number;

  constructor(options: RedisRateLimitStoreOptions) {
    this.#client = options.client;
    this.#prefix = options.prefix ?? 'gentk:rate-limit:';
    this.#timeoutMs = Math.max(1, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  async read(bucket: string): Promise<VersionedBucketState | undefined> {
    let reply: unknown;
    try {
      reply = await redisDeadline(this.#client.sendCommand(['GET', this.#prefix + bucket]), this.#timeoutMs);
    } catch (error) {
      // A key of another type is foreign data, not a failure: absent, and the next write replaces it.
      if (isRedisReplyError(error, 'WRONGTYPE')) return undefined;
      throw new RateLimitStoreError({ store: 'redis', operation: 'read', bucket, failure: error });
    }
    const text = replyText(reply);
    return text === undefined ? undefined : decodeVersionedState(text);
  }

  async compareAndSet(
    bucket: string,
    expectedVersion: number,
    state: BucketState,
    ttlMs: number,
  ): Promise<boolean> {
    let reply: unknown;
    try {
      // One limit for the script's run: its EVALSHA and, when the server lost the script, its
      // EVAL. A write that answers late may still have been applied: its version moved on, so
      // the next cycle reads it, as any other writer's.
      reply = await redisDeadline(
        COMPARE_AND_SET.run(
          this.#client,
          [this.#prefix + bucket],
          [String(expectedVersion), encodeBucketState(state), String(Math.max(1, Math.ceil(ttlMs)))],
        ),
        this.#timeoutMs,
      );
    } catch (error) {
      throw new RateLimitStoreError({ store: 'redis', operation: 'compare-and-set', bucket, failure: error });
    }
    return reply === 1 || reply === 1n || reply === '1';
  }
}

const DEFAULT_TIMEOUT_MS = 2_000;

/** A bulk-string reply as text: a string, or bytes when the client maps replies to buffers. */
function replyText(reply: unknown): string | undefined {
  if (typeof reply === 'string') return reply;
  if (reply instanceof Uint8Array) return new TextDecoder().decode(reply);
  return undefined;
}
