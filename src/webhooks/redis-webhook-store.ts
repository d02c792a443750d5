/**
 * Webhook tracks in Redis, so that a fleet shares them: the process that receives a delivery
 * may differ from the one waiting or the one resuming. Each change of a track is a Lua script
 * (atomic on the server); an accepted delivery is published on one channel, which waiting
 * processes hear through an optional subscriber connection.
 *
 * Like the rate-limit store, it takes clients the application created and connected: the
 * toolkit does not import a Redis library.
 * @module
 */
import { isRedisReplyError, type RedisCommandClient, RedisScript } from '../http/index.js';
import type { WebhookStore, WebhookTrack, WebhookTrackState } from './webhook-store.js';

/** The part of a node-redis client in subscriber mode the store uses (`client.duplicate()`, connected). */
export interface RedisSubscriber {
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
}

/**
 * Settings of a {@link RedisWebhookStore}: the connections the application made, and a prefix.
 *
 * @example
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const subscriber = await client.duplicate().connect();
 * const store = new RedisWebhookStore({ client, subscriber, prefix: 'my-fleet:webhooks:' });
 */
export interface RedisWebhookStoreOptions {
  /** A connected client (node-redis fits as is; see `RedisRateLimitStoreOptions.client` for ioredis). */
  readonly client: RedisCommandClient;
  /**
   * A second connection, for the delivery channel: with it, a waiting process hears at once of a
   * delivery another process received; without it, it finds one before its next fallback poll.
   */
  readonly subscriber?: RedisSubscriber;
  /**
   * Prepended to every key and to the channel. Give each fleet its own when they share a Redis.
   * @default 'gentk:webhooks:'
   */
  readonly prefix?: string;
}

/** Reads a stored track; anything else found under the key reads as absent. */
const READ_TRACK = `
local ok, raw = pcall(redis.call, 'GET', KEYS[1])
if not ok or type(raw) ~= 'string' then return false end
local decoded, track = pcall(cjson.decode, raw)
if not decoded or type(track) ~= 'table' or type(track.state) ~= 'string' then return false end
`;

const BIND = new RedisScript(`${READ_TRACK}
if track.requestId ~= nil then return 0 end
track.requestId = ARGV[1]
redis.call('SET', KEYS[1], cjson.encode(track), 'KEEPTTL')
redis.call('SET', KEYS[2], track.trackId, 'PX', ARGV[2])
return 1
`);

const DELIVER = new RedisScript(`${READ_TRACK}
if track.state ~= 'waiting' then return 0 end
track.state = 'delivered'
track.delivery = ARGV[1]
redis.call('SET', KEYS[1], cjson.encode(track), 'KEEPTTL')
redis.call('PUBLISH', ARGV[2], track.trackId)
return 1
`);

const SETTLE = new RedisScript(`${READ_TRACK}
if track.state ~= 'waiting' then return 0 end
track.state = 'settled'
redis.call('SET', KEYS[1], cjson.encode(track), 'KEEPTTL')
return 1
`);

const TAKE_DELIVERY = new RedisScript(`${READ_TRACK}
if track.state == 'waiting' then return 0 end
track.state = 'settled'
track.delivery = nil
redis.call('SET', KEYS[1], cjson.encode(track), 'KEEPTTL')
return 1
`);

const STATES = new Set<WebhookTrackState>(['waiting', 'delivered', 'settled']);

/**
 * Webhook tracks shared by every process given the same Redis and prefix.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { connect, createWebhookReceiver, RedisWebhookStore } from 'generation-agent-toolkit';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const subscriber = await redis.duplicate().connect();
 * const store = new RedisWebhookStore({ client: redis, subscriber });
 * const session = await connect({ baseUrl: 'https://api.example.com', apiKey: process.env.GENTK_API_KEY });
 * const receiver = createWebhookReceiver(session, { publicUrl: 'https://agent.example.com/webhooks', store });
 * // Any process of the fleet with the same store may receive the delivery, wait, or resume.
 * ```
 */
export class RedisWebhookStore implements WebhookStore {
  readonly #client: RedisCommandClient;
  readonly #subscriber: RedisSubscriber | undefined;
  readonly #prefix: string;
  readonly #listeners = new Set<(trackId: string) => void>();
  #subscribed: Promise<unknown> | undefined;

  constructor(options: RedisWebhookStoreOptions) {
    this.#client = options.client;
    this.#subscriber = options.subscriber;
    this.#prefix = options.prefix ?? 'gentk:webhooks:';
  }

  get #channel(): string {
    return `${this.#prefix}delivered`;
  }

  #trackKey(trackId: string): string {
    return `${this.#prefix}track:${trackId}`;
  }

  async open(track: WebhookTrack, ttlMs: number): Promise<void> {
    await this.#client.sendCommand([
      'SET',
      this.#trackKey(track.trackId),
      JSON.stringify(track),
      'PX',
      String(Math.max(1, Math.ceil(ttlMs))),
    ]);
  }

  async get(trackId: string): Promise<WebhookTrack | undefined> {
    let reply: unknown;
    try {
      reply = await this.#client.sendCommand(['GET', this.#trackKey(trackId)]);
    } catch (error) {
      if (isRedisReplyError(error, 'WRONGTYPE')) return undefined;
      throw error;
    }
    return trackFrom(reply);
  }

  async bind(trackId: string, requestId: string, ttlMs: number): Promise<void> {
    const track = await this.get(trackId);
    if (!track) return;
    await BIND.run(
      this.#client,
      [this.#trackKey(trackId), this.#jobKey(track.owner, requestId)],
      [requestId, String(Math.max(1, Math.ceil(ttlMs)))],
    );
  }

  async deliver(trackId: string, delivery: string): Promise<'accepted' | 'ignored'> {
    const reply = await DELIVER.run(this.#client, [this.#trackKey(trackId)], [delivery, this.#channel]);
    return isOne(reply) ? 'accepted' : 'ignored';
  }

  async settle(trackId: string): Promise<void> {
    await SETTLE.run(this.#client, [this.#trackKey(trackId)], []);
  }

  async takeDelivery(trackId: string): Promise<void> {
    await TAKE_DELIVERY.run(this.#client, [this.#trackKey(trackId)], []);
  }

  async trackOf(owner: string, requestId: string): Promise<string | undefined> {
    const reply = await this.#client.sendCommand(['GET', this.#jobKey(owner, requestId)]).catch(() => null);
    return typeof reply === 'string' ? reply : undefined;
  }

  /** Present only with a subscriber connection: without one, waiters look in the store before polling. */
  get subscribe(): WebhookStore['subscribe'] {
    const subscriber = this.#subscriber;
    if (!subscriber) return undefined;
    return (listener) => {
      this.#listeners.add(listener);
      this.#subscribed ??= subscriber.subscribe(this.#channel, this.#hear).catch(() => {
        this.#subscribed = undefined;
      });
      return () => {
        this.#listeners.delete(listener);
        if (this.#listeners.size === 0 && this.#subscribed) {
          this.#subscribed = undefined;
          void subscriber.unsubscribe(this.#channel, this.#hear).catch(() => undefined);
        }
      };
    };
  }

  readonly #hear = (trackId: string): void => {
    for (const listener of this.#listeners) listener(trackId);
  };

  #jobKey(owner: string, requestId: string): string {
    return `${this.#prefix}job:${owner}:${requestId}`;
  }
}

function isOne(reply: unknown): boolean {
  return reply === 1 || reply === 1n || reply === '1';
}

/** A stored track, checked field by field: foreign data under the key reads as absent. */
function trackFrom(reply: unknown): WebhookTrack | undefined {
  const text =
    typeof reply === 'string'
      ? reply
      : reply instanceof Uint8Array
        ? new TextDecoder().decode(reply)
        : undefined;
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const track = value as Record<string, unknown>;
  const { trackId, owner, capabilityDigest, requestId, state, delivery } = track;
  if (typeof trackId !== 'string' || typeof owner !== 'string' || typeof capabilityDigest !== 'string')
    return undefined;
  if (typeof state !== 'string' || !STATES.has(state as WebhookTrackState)) return undefined;
  return {
    trackId,
    owner,
    capabilityDigest,
    state: state as WebhookTrackState,
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(typeof delivery === 'string' ? { delivery } : {}),
  };
}
