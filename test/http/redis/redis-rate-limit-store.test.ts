/**
 * The Redis store's contract against a real redis-server: versions, atomic compare-and-set
 * under concurrent writers on separate connections, the TTL, EVALSHA with its EVAL fallback,
 * foreign data under its keys, and typed, redacted errors.
 */
import { createServer, type Socket } from 'node:net';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDACTED } from '../../../src/http/index.js';
import {
  type BucketState,
  RateLimitStoreError,
  type RedisCommandClient,
  RedisRateLimitStore,
} from '../../../src/http/public-surface.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { refillingBucket } from '../support/refilling-bucket.js';
import { chatRequest } from '../support/requests.js';
import { startTestBed } from '../support/test-bed.js';

const connectRedis = (url: string) => createClient({ url }).connect();
type Client = Awaited<ReturnType<typeof connectRedis>>;

let server: RedisServer;
let first: Client;
let second: Client;
let namespaces = 0;
const freshPrefix = () => `gentk-test:store:${namespaces++}:`;

beforeAll(async () => {
  server = await startRedisServer();
  first = await connectRedis(server.url);
  second = await connectRedis(server.url);
}, 30_000);

afterAll(async () => {
  first?.destroy();
  second?.destroy();
  await server?.stop();
});

/**
 * A Redis that accepts connections and never answers (a server stopped, paused or cut off
 * behind a proxy that still accepts): a client's commands queue on it forever.
 */
async function startSilentRedis(): Promise<{ store: RedisRateLimitStore; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address() as { port: number };
  const client = createClient({
    url: `redis://127.0.0.1:${address.port}`,
    socket: { reconnectStrategy: false },
  });
  client.on('error', () => undefined);
  // The handshake is never answered either: the client queues what it is given meanwhile.
  void client.connect().catch(() => undefined);
  return {
    // A time limit of 50 ms: the tests wait no longer than that for a store that never answers.
    store: new RedisRateLimitStore({ client, prefix: freshPrefix(), timeoutMs: 50 }),
    close: async () => {
      client.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    },
  };
}

const FULL_STATE: BucketState = {
  limit: 60,
  windowMs: 60_000,
  remaining: 17,
  resetAt: 1_767_225_660_000.5,
  blockedUntil: 1_767_225_601_000,
  paceTokens: 1.25,
  paceUpdatedAt: 1_767_225_600_123.25,
  counted: [
    [1_767_225_600_000, 1_767_225_660_000, 3],
    [1_767_225_600_500.5, 1_767_225_660_525.5, 1],
  ],
  learnedRate: 9.75,
  refusedRate: 9.9,
  rateSlowStart: false,
  rateChangedAt: 1_767_225_599_000,
  rateCutAt: 1_767_225_598_000,
  acceptedSince: 1_767_225_600_000,
  accepted: 4,
  acceptedBefore: 10,
};

/** Reads, changes and writes `bucket` until the write wins, as the governor's ledger does. */
async function update(
  store: RedisRateLimitStore,
  bucket: string,
  change: (state: BucketState) => BucketState,
) {
  for (;;) {
    const current = await store.read(bucket);
    const next = change(current?.state ?? { blockedUntil: 0 });
    if (await store.compareAndSet(bucket, current?.version ?? 0, next, 60_000)) return;
  }
}

describe('RedisRateLimitStore', () => {
  it('keeps versions: absent reads as nothing, each write bumps the version, a stale version loses', async () => {
    const store = new RedisRateLimitStore({ client: first, prefix: freshPrefix() });
    expect(await store.read('quota')).toBeUndefined();
    expect(await store.compareAndSet('quota', 0, FULL_STATE, 60_000)).toBe(true);
    expect(await store.read('quota')).toEqual({ version: 1, state: FULL_STATE });
    expect(await store.compareAndSet('quota', 0, { blockedUntil: 5 }, 60_000)).toBe(false);
    expect(await store.compareAndSet('quota', 2, { blockedUntil: 5 }, 60_000)).toBe(false);
    expect(await store.compareAndSet('quota', 1, { blockedUntil: 5 }, 60_000)).toBe(true);
    expect(await store.read('quota')).toEqual({ version: 2, state: { blockedUntil: 5 } });
  });

  it('keeps a refilling bucket whole, as the arithmetic leaves it after a burst', async () => {
    // Before, its pacing tokens were NaN (null in JSON) and every read forgot the bucket.
    const state = refillingBucket();
    const prefix = freshPrefix();
    const store = new RedisRateLimitStore({ client: first, prefix });
    expect(await store.compareAndSet('quota', 0, state, 60_000)).toBe(true);
    expect(await new RedisRateLimitStore({ client: second, prefix }).read('quota')).toEqual({
      version: 1,
      state,
    });
  });

  it('lets exactly one of many concurrent writers of one version win, across connections', async () => {
    const prefix = freshPrefix();
    const stores = [first, second].map((client) => new RedisRateLimitStore({ client, prefix }));
    await stores[0]!.compareAndSet('quota', 0, { blockedUntil: 0, remaining: 0 }, 60_000);
    const wins = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        stores[index % 2]!.compareAndSet('quota', 1, { blockedUntil: 0, remaining: index }, 60_000),
      ),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = wins.indexOf(true);
    expect(await stores[1]!.read('quota')).toEqual({
      version: 2,
      state: { blockedUntil: 0, remaining: winner },
    });
  });

  it('loses no update when many writers count on one bucket at once', async () => {
    const prefix = freshPrefix();
    const stores = [first, second].map((client) => new RedisRateLimitStore({ client, prefix }));
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        update(stores[index % 2]!, 'counter', (state) => ({
          ...state,
          remaining: (state.remaining ?? 0) + 1,
        })),
      ),
    );
    expect(await stores[0]!.read('counter')).toEqual({
      version: 30,
      state: { blockedUntil: 0, remaining: 30 },
    });
  });

  it('applies the TTL on every write, so idle buckets are forgotten', async () => {
    const prefix = freshPrefix();
    const store = new RedisRateLimitStore({ client: first, prefix });
    await store.compareAndSet('quota', 0, FULL_STATE, 1_000);
    const shortTtl = Number(await first.sendCommand(['PTTL', `${prefix}quota`]));
    expect(shortTtl).toBeGreaterThan(0);
    expect(shortTtl).toBeLessThanOrEqual(1_000);
    await store.compareAndSet('quota', 1, FULL_STATE, 3_600_000);
    expect(Number(await first.sendCommand(['PTTL', `${prefix}quota`]))).toBeGreaterThan(1_000);
    await store.compareAndSet('quota', 2, FULL_STATE, 30);
    await expect.poll(() => store.read('quota'), { timeout: 5_000, interval: 20 }).toBeUndefined();
  });

  it('runs the script by its digest, and falls back to EVAL when the server lost it', async () => {
    const sent: string[] = [];
    const recording: RedisCommandClient = {
      sendCommand: (args) => {
        sent.push(args[0]!);
        return first.sendCommand(args);
      },
    };
    const store = new RedisRateLimitStore({ client: recording, prefix: freshPrefix() });
    await first.sendCommand(['SCRIPT', 'FLUSH']);
    expect(await store.compareAndSet('quota', 0, FULL_STATE, 60_000)).toBe(true);
    expect(sent).toEqual(['EVALSHA', 'EVAL']);
    sent.length = 0;
    expect(await store.compareAndSet('quota', 1, FULL_STATE, 60_000)).toBe(true);
    expect(sent).toEqual(['EVALSHA']);
    sent.length = 0;
    await first.sendCommand(['SCRIPT', 'FLUSH']);
    expect(await store.compareAndSet('quota', 2, FULL_STATE, 60_000)).toBe(true);
    expect(sent).toEqual(['EVALSHA', 'EVAL']);
    expect((await store.read('quota'))?.version).toBe(3);
  });

  it('sends its first command at once: nothing outside Redis is awaited (the fleet starvation)', async () => {
    // A fresh module: its script's digest is not computed yet, as in a process's first write.
    vi.resetModules();
    const fresh = await import('../../../src/http/public-surface.js');
    const sent: string[] = [];
    const recording: RedisCommandClient = {
      sendCommand: (args) => {
        sent.push(args[0]!);
        return first.sendCommand(args);
      },
    };
    const store = new fresh.RedisRateLimitStore({ client: recording, prefix: freshPrefix() });
    const written = store.compareAndSet('quota', 0, FULL_STATE, 60_000);
    // Before, the first write awaited WebCrypto's digest of the script (the thread pool): a fleet
    // on virtual time, holding time only while commands were on the wire, took the process for
    // idle and jumped to its waiters' deadline (42-88 calls "job queue is full", 1 run in 4).
    expect(sent).toEqual(['EVAL']);
    expect(await written).toBe(true);
    // Once the digest is known, the script goes by it.
    await vi.waitFor(async () => {
      const version = (await store.read('quota'))?.version ?? 0;
      sent.length = 0;
      expect(await store.compareAndSet('quota', version, FULL_STATE, 60_000)).toBe(true);
      expect(sent).toEqual(['EVALSHA']);
    });
  });

  describe('foreign or malformed data under its keys', () => {
    const cases: ReadonlyArray<[string, readonly string[]]> = [
      ['a string without a version', ['SET', '{key}', 'hello']],
      ['a version with text that is not JSON', ['SET', '{key}', '7:not json']],
      ['a version with JSON that is not a state', ['SET', '{key}', '3:[1,2,3]']],
      ['a state with a field of the wrong type', ['SET', '{key}', '4:{"blockedUntil":0,"remaining":"many"}']],
      ['a state without blockedUntil', ['SET', '{key}', '5:{"remaining":3}']],
      ['a ledger that is not a list of triples', ['SET', '{key}', '6:{"blockedUntil":0,"counted":[[1,2]]}']],
      ['version 0', ['SET', '{key}', '0:{"blockedUntil":0}']],
      ['a version too long to be exact', ['SET', '{key}', '1234567890123456789:{"blockedUntil":0}']],
      ['an empty string', ['SET', '{key}', '']],
      ['a hash', ['HSET', '{key}', 'version', '3', 'state', '{}']],
      ['a list', ['RPUSH', '{key}', '1:{"blockedUntil":0}']],
      ['a set', ['SADD', '{key}', 'member']],
    ];

    it.each(cases)(
      'reads %s as nothing known, never crashes, and the next write replaces it',
      async (_, command) => {
        const prefix = freshPrefix();
        await first.sendCommand(command.map((part) => (part === '{key}' ? `${prefix}quota` : part)));
        const store = new RedisRateLimitStore({ client: first, prefix });
        const read = await store.read('quota');
        expect(read === undefined || read.state.blockedUntil === 0).toBe(true);
        expect(read?.state.remaining).toBeUndefined();
        await update(store, 'quota', () => FULL_STATE);
        expect((await store.read('quota'))?.state).toEqual(FULL_STATE);
      },
    );

    it('keeps only the fields of a bucket state', async () => {
      const prefix = freshPrefix();
      await first.sendCommand(['SET', `${prefix}quota`, '9:{"blockedUntil":1,"remaining":2,"evil":"x"}']);
      const store = new RedisRateLimitStore({ client: first, prefix });
      expect(await store.read('quota')).toEqual({ version: 9, state: { blockedUntil: 1, remaining: 2 } });
    });
  });

  describe('failures', () => {
    it('throws a typed, readable error when the client is closed', async () => {
      const closed = await connectRedis(server.url);
      closed.destroy();
      const store = new RedisRateLimitStore({ client: closed, prefix: freshPrefix() });
      const reading = await store.read('quota').catch((error: unknown) => error);
      expect(RateLimitStoreError.isInstance(reading)).toBe(true);
      expect(reading).toMatchObject({ store: 'redis', operation: 'read', bucket: 'quota' });
      expect((reading as Error).message).toMatch(/could not read bucket quota: .*closed/i);
      const writing = await store
        .compareAndSet('quota', 0, FULL_STATE, 1_000)
        .catch((error: unknown) => error);
      expect(writing).toMatchObject({ name: 'RateLimitStoreError', operation: 'compare-and-set' });
    });

    it('masks the password of a connection URL the backend quotes, and keeps no raw cause', async () => {
      const password = 'pa55-w0rd-canary';
      const failing: RedisCommandClient = {
        sendCommand: async () => {
          throw Object.assign(
            new Error(`connect ECONNREFUSED while connecting to redis://fleet:${password}@10.0.0.7:6379/0`),
            {
              code: 'ECONNREFUSED',
              options: { url: `redis://fleet:${password}@10.0.0.7:6379/0` },
            },
          );
        },
      };
      const store = new RedisRateLimitStore({ client: failing });
      const error = (await store.read('quota').catch((caught: unknown) => caught)) as RateLimitStoreError;
      expect(RateLimitStoreError.isInstance(error)).toBe(true);
      expect(error.backendCode).toBe('ECONNREFUSED');
      expect(error.message).toContain(`redis://fleet:${REDACTED}@10.0.0.7:6379/0`);
      expect(error.cause).toBeUndefined();
      const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
      expect(everything).not.toContain(password);
    });

    it('gives up on a Redis that never answers after its time limit, with a typed error', async () => {
      const silent = await startSilentRedis();
      try {
        const store = silent.store;
        const reading = await store.read('quota').catch((error: unknown) => error);
        expect(reading).toMatchObject({
          name: 'RateLimitStoreError',
          operation: 'read',
          backendCode: 'TimeoutError',
        });
        expect((reading as Error).message).toMatch(/did not answer within 50 ms/);
        const writing = await store
          .compareAndSet('quota', 0, FULL_STATE, 1_000)
          .catch((error: unknown) => error);
        expect(writing).toMatchObject({ operation: 'compare-and-set', backendCode: 'TimeoutError' });
      } finally {
        await silent.close();
      }
    });

    it('never hangs a call on a Redis that stopped answering: the governor meets it as a failing store', async () => {
      const bed = await startTestBed();
      const silent = await startSilentRedis();
      try {
        const store = silent.store;
        const account = bed.emulator.createAccount();
        const client = bed.client({ credentials: { generationKey: account.apiKey }, rateLimit: { store } });
        // The probe of the unknown route needs no quota read: it goes, and its answer is returned
        // although nothing it taught could be recorded.
        const answered = await client.request(chatRequest());
        expect(answered.status).toBe(200);
        // The next one needs the quota's state: refused before sending, not held until Redis answers.
        const wireBefore = bed.wire.length;
        const refused = await client.request(chatRequest()).catch((error: unknown) => error);
        expect(refused).toMatchObject({ name: 'RateLimitStoreError', backendCode: 'TimeoutError' });
        expect(bed.wire.length).toBe(wireBefore);
        expect(bed.emulator.inspect(account.email)?.usage).toHaveLength(1);
        await client.close();
      } finally {
        await silent.close();
        await bed.close();
      }
    }, 20_000);

    it('refuses the next call before sending when the store fails, but never loses an answer it could not record', async () => {
      const bed = await startTestBed();
      const dying = await connectRedis(server.url);
      try {
        const store = new RedisRateLimitStore({ client: dying, prefix: freshPrefix() });
        const account = bed.emulator.createAccount();
        const client = bed.client({ credentials: { generationKey: account.apiKey }, rateLimit: { store } });
        dying.destroy();
        // The first call probes the unknown route: it goes out, and its answer arrives although
        // the store cannot record what it taught.
        const answered = await client.request(chatRequest());
        expect(answered.status).toBe(200);
        const wireBefore = bed.wire.length;
        const refused = await client.request(chatRequest()).catch((error: unknown) => error);
        expect(RateLimitStoreError.isInstance(refused)).toBe(true);
        expect(bed.wire.length).toBe(wireBefore);
        expect(bed.emulator.inspect(account.email)?.usage).toHaveLength(1);
        await client.close();
      } finally {
        await bed.close();
      }
    });
  });
});
