/**
 * Across processes through Redis: the session that waits, the one whose server receives the
 * delivery and the one that resumes are different sessions with connections of their own (as
 * three processes of a fleet would be), sharing only the Redis store.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Emulator } from 'generation-agent-toolkit-emulator';
import { startEmulator } from 'generation-agent-toolkit-emulator';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RedisWebhookStore } from '../../src/webhooks/index.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { IMAGE, IMAGE_INPUT, startWebhookBed, until, type WebhookBed } from './support/webhook-bed.js';

let redis: RedisServer;
let emulator: Emulator;
let apiKey: string;
const clients: Array<{ close(): Promise<unknown> }> = [];
const beds: WebhookBed[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  emulator = await startEmulator({ timeScale: 0.01, jobDurations: { image: 8 }, seed: 5 });
  apiKey = emulator.createAccount({ credits: 100 }).apiKey;
}, 30_000);

afterEach(async () => {
  for (const bed of beds.splice(0)) await bed.close();
  for (const client of clients.splice(0)) await client.close();
});

afterAll(async () => {
  await emulator?.close();
  await redis?.stop();
});

async function connection() {
  const client = await createClient({ url: redis.url }).connect();
  clients.push(client);
  return client;
}

/** A "process": a session of the account with its own Redis connections and server. */
async function processWith(options: {
  subscriber?: boolean;
  publicUrl?: string;
  prefix: string;
  marginMs?: number;
}) {
  const store = new RedisWebhookStore({
    client: await connection(),
    prefix: options.prefix,
    ...(options.subscriber ? { subscriber: await connection() } : {}),
  });
  const bed = await startWebhookBed({
    shared: { emulator, apiKey },
    receiver: { store, fallbackMarginMs: options.marginMs ?? 5_000 },
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });
  beds.push(bed);
  return bed;
}

/** A real second process that receives the deliveries; stopped when the test ends. */
async function receiverProcess(prefix: string): Promise<{ hookUrl: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./support/receiver-process.ts', import.meta.url)),
      JSON.stringify({ baseUrl: emulator.url, apiKey, redisUrl: redis.url, prefix }),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const stop = () => child.stdin.end();
  const hookUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('\n'))
        resolve((JSON.parse(seen.split('\n')[0] ?? '{}') as { hookUrl: string }).hookUrl);
    });
    child.once('exit', (code) => reject(new Error(`the receiver process exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stopping.push(async () => {
    stop();
    await exited;
  });
  return { hookUrl, stop };
}

const stopping: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stopping.splice(0)) await stop();
});

describe('webhooks across processes with the Redis store', () => {
  it('a real second process receives the delivery; the waiting call resolves without a fetch', async () => {
    const prefix = 'gentk-test:child:';
    const receiving = await receiverProcess(prefix);
    const waiting = await processWith({ prefix, subscriber: true, publicUrl: receiving.hookUrl });
    const result = await waiting.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    expect(waiting.fetches()).toBe(0);
    await until(() => emulator.webhooks().some((delivery) => delivery.url.startsWith(receiving.hookUrl)));
    expect(emulator.webhooks().find((delivery) => delivery.url.startsWith(receiving.hookUrl))?.status).toBe(
      200,
    );
  }, 30_000);

  it('resolves a waiting call at once when another process receives the delivery (with a subscriber)', async () => {
    const prefix = 'gentk-test:subscribed:';
    const receiving = await processWith({ prefix });
    const waiting = await processWith({ prefix, subscriber: true, publicUrl: receiving.hookUrl });
    const result = await waiting.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    // Woken by the subscriber, not by the fallback poll (eta 1 s + margin 5 s): no fetch at all.
    expect(waiting.fetches()).toBe(0);
    await until(() => emulator.webhooks().some((delivery) => delivery.url.startsWith(receiving.hookUrl)));
  });

  it('finds a delivery another process received before its fallback poll (no subscriber): no fetch', async () => {
    const prefix = 'gentk-test:unsubscribed:';
    const receiving = await processWith({ prefix });
    const waiting = await processWith({ prefix, publicUrl: receiving.hookUrl, marginMs: 2_000 });
    const result = await waiting.session.call(IMAGE, IMAGE_INPUT, {});
    expect(result.status).toBe('success');
    expect(waiting.fetches()).toBe(0);
  }, 15_000);

  it('a third process resumes the handle (or the bare id) with the delivered result, without a fetch', async () => {
    const prefix = 'gentk-test:resume:';
    const receiving = await processWith({ prefix });
    const submitting = await processWith({ prefix, publicUrl: receiving.hookUrl });
    const resuming = await processWith({ prefix });
    const before = emulator.webhooks().length;
    const pending = await submitting.session.call(IMAGE, IMAGE_INPUT, { wait: false });
    if (pending.status !== 'processing') throw new Error('expected a handle');
    await until(() => emulator.webhooks().length > before);
    // The handle crossed a process boundary as JSON.
    const resumed = await resuming.session.resume(JSON.parse(JSON.stringify(pending)));
    expect(resumed.status).toBe('success');
    expect(resuming.fetches()).toBe(0);
    expect(submitting.fetches()).toBe(0);
    // The delivery resolved its call and was dropped (issue 22, finding 6): a second resume polls.
    const byId = await resuming.session.resumeById(IMAGE, pending.requestId);
    expect(byId.status).toBe('success');
    expect(resuming.fetches()).toBe(1);
  });

  it('the store itself: foreign data reads as absent, and of two deliveries at once one is accepted', async () => {
    const client = await connection();
    const prefix = 'gentk-test:unit:';
    const store = new RedisWebhookStore({ client, prefix });
    await client.sendCommand(['SET', `${prefix}track:foreign`, 'not json']);
    await client.sendCommand(['HSET', `${prefix}track:hash`, 'state', 'waiting']);
    expect(await store.get('foreign')).toBeUndefined();
    expect(await store.get('hash')).toBeUndefined();
    expect(await store.deliver('hash', '{}')).toBe('ignored');
    await store.open({ trackId: 't1', owner: 'o', capabilityDigest: 'd', state: 'waiting' }, 60_000);
    await store.bind('t1', 'r1', 60_000);
    const results = await Promise.all([store.deliver('t1', '{"n":1}'), store.deliver('t1', '{"n":2}')]);
    expect(results.sort()).toEqual(['accepted', 'ignored']);
    expect(await store.trackOf('o', 'r1')).toBe('t1');
    expect(await store.trackOf('someone else', 'r1')).toBeUndefined();
    expect(await store.get('t1')).toMatchObject({ state: 'delivered', requestId: 'r1', delivery: '{"n":1}' });
    await store.settle('t1');
    expect((await store.get('t1'))?.state).toBe('delivered');
  });
});
