/**
 * Resumable 2025-11-25 streams shared through Redis, against a real redis-server: an SDK 1.x
 * client's stream cut mid-call on instance A resumes with Last-Event-ID on instance B; and the
 * store's bounds (streams, events, bytes, age) and its distrust of what Redis holds.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMcpServerFactory,
  type McpHttpListener,
  RedisMcpEventStore,
  serveMcpHttp,
} from '../../../src/adapters/mcp.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { flakyFetch } from './broken-stream.js';
import { checkBounds, checkReplay, progressMessage, replayed } from './event-store-checks.js';
import { envelopeOf, startTestBed, type TestBed } from './support.js';

const connectRedis = (url: string) => createClient({ url }).connect();
let redis: RedisServer;
let clients: Array<Awaited<ReturnType<typeof connectRedis>>> = [];
let bed: TestBed;
const listeners: McpHttpListener[] = [];
let namespaces = 0;
const freshPrefix = () => `gentk-test:mcp-events:${namespaces++}:`;

beforeAll(async () => {
  redis = await startRedisServer();
  bed = await startTestBed();
}, 30_000);
afterAll(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
  for (const client of clients) client.destroy();
  clients = [];
  await bed?.close();
  await redis?.stop();
});

async function redisClient() {
  const client = await connectRedis(redis.url);
  clients.push(client);
  return client;
}

describe('RedisMcpEventStore', () => {
  it('resumes a stream cut on instance A on instance B, each with its own Redis connection', async () => {
    const prefix = freshPrefix();
    const factory = createMcpServerFactory(bed.session, { mode: 'typed', waitMs: 300_000 });
    const first = await serveMcpHttp(factory, {
      eventStore: new RedisMcpEventStore({ client: await redisClient(), prefix }),
      sseRetryMs: 20,
    });
    const second = await serveMcpHttp(factory, {
      eventStore: new RedisMcpEventStore({ client: await redisClient(), prefix }),
      sseRetryMs: 20,
    });
    listeners.push(first, second);
    const flaky = flakyFetch(second.url);
    const client = new Client({ name: 'resume-redis', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(first.url), { fetch: flaky.fetch }));
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'v8_video_text_to_video', arguments: { model_id: 'veo-3', prompt: 'snow on a roof' } },
      undefined,
      { onprogress: (event) => progress.push(event), timeout: 20_000 },
    );
    await client.close();
    expect(flaky.reconnections).toHaveLength(1);
    expect(envelopeOf(result)).toMatchObject({ ok: true, status: 'success' });
    expect(progress.at(-1)?.progress).toBeGreaterThanOrEqual(90);
  }, 30_000);

  it('replays what followed an event, skipping the priming event, and refuses ids it did not make', async () => {
    const store = new RedisMcpEventStore({ client: await redisClient(), prefix: freshPrefix() });
    await checkReplay(store);
    await expect(replayed(store, 'a b~1')).rejects.toThrow(/not kept/);
  });

  it('keeps streams, events and bytes within bounds, and forgets streams after their TTL', async () => {
    const clock = { now: 1_000_000 };
    const store = new RedisMcpEventStore({
      client: await redisClient(),
      prefix: freshPrefix(),
      maxStreams: 2,
      maxEventsPerStream: 3,
      maxBytes: 2_000,
      now: () => clock.now,
    });
    await checkBounds(store, clock);
  });

  it('skips what it did not write under its keys, and replaces foreign data', async () => {
    const client = await redisClient();
    const prefix = freshPrefix();
    const store = new RedisMcpEventStore({ client, prefix });
    const start = await store.storeEvent('s', progressMessage(1));
    const events = `${prefix}{streams}:events:s`;
    await client.sendCommand(['RPUSH', events, 'garbage', '5 not json', '6 [1,2]', '7 {"jsonrpc":"1.0"}']);
    await store.storeEvent('s', progressMessage(2));
    expect(await replayed(store, start)).toEqual([progressMessage(2)]);
    await client.sendCommand(['SET', `${prefix}{streams}:index`, 'not a sorted set']);
    await client.sendCommand(['SET', `${prefix}{streams}:meta:t`, 'not a hash']);
    const again = await store.storeEvent('t', progressMessage(3));
    expect(await store.getStreamIdForEventId(again)).toBe('t');
  });

  it('fails an operation within its timeout when Redis does not answer', async () => {
    const store = new RedisMcpEventStore({
      client: { sendCommand: () => new Promise(() => undefined) },
      timeoutMs: 20,
    });
    await expect(store.storeEvent('s', progressMessage(1))).rejects.toThrow(/did not answer/);
    expect(await store.getStreamIdForEventId('s~0')).toBeUndefined();
  });

  it('fails a replay whose events Redis does not give, rather than replaying nothing', async () => {
    const store = new RedisMcpEventStore({
      // The stream is listed (fresh), then its events never come.
      client: {
        sendCommand: ([command]) =>
          command === 'ZSCORE' ? Promise.resolve('1000') : new Promise(() => undefined),
      },
      timeoutMs: 20,
      now: () => 1_000,
    });
    const sent: string[] = [];
    await expect(
      store.replayEventsAfter('s~0', { send: async (eventId) => void sent.push(eventId) }),
    ).rejects.toThrow(/did not answer/);
    expect(sent).toEqual([]);
  });
});
