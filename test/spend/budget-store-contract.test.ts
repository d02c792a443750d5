/**
 * What every budget store promises, run against the memory store and against the Redis store on a
 * real redis-server: the limit, repeated settles and releases, repeated reservations, TTLs, late
 * settles, and refusal of amounts that are not whole micros.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/index.js';
import { type BudgetStore, MemoryBudgetStore, toMicros } from '../../src/spend/index.js';
import { RedisBudgetStore } from '../../src/spend.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

const connectRedis = (url: string) => createClient({ url }).connect();

let server: RedisServer;
let client: Awaited<ReturnType<typeof connectRedis>>;
let namespaces = 0;

beforeAll(async () => {
  server = await startRedisServer();
  client = await connectRedis(server.url);
}, 30_000);

afterAll(async () => {
  client?.destroy();
  await server?.stop();
});

const USD = toMicros(1);
const HOUR = 3_600_000;

/** A store of each kind and how to let time pass for it. */
interface Bed {
  readonly store: BudgetStore;
  /** Lets `ms` pass: the memory store's clock moves; Redis's own clock has to be waited for. */
  pass(ms: number): Promise<void>;
  /** A TTL short enough to wait out in a test, long enough for the calls before the wait. */
  readonly shortTtlMs: number;
}

function memoryBed(keepLapsedMs?: number): Bed {
  let now = 1_000_000;
  const store = new MemoryBudgetStore(() => now, keepLapsedMs === undefined ? {} : { keepLapsedMs });
  return {
    store,
    shortTtlMs: 1_000,
    pass: async (ms) => {
      now += ms;
    },
  };
}

function redisBed(keepLapsedMs?: number): Bed {
  const store = new RedisBudgetStore({
    client,
    prefix: `gentk-test:budget:${namespaces++}:`,
    ...(keepLapsedMs === undefined ? {} : { keepLapsedMs }),
  });
  return {
    store,
    shortTtlMs: 60,
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms + 5)),
  };
}

describe.each([
  ['MemoryBudgetStore', memoryBed],
  ['RedisBudgetStore', redisBed],
])('%s', (_name, makeBed) => {
  it('grants reservations while reserved + settled stays within the limit, and counts nothing refused', async () => {
    const { store } = makeBed();
    expect(await store.reserve('b', 'a', 3 * USD, 5 * USD, HOUR)).toEqual({
      granted: true,
      totals: { reserved: 3 * USD, settled: 0 },
    });
    expect(await store.reserve('b', 'b', 2 * USD, 5 * USD, HOUR)).toEqual({
      granted: true,
      totals: { reserved: 5 * USD, settled: 0 },
    });
    expect(await store.reserve('b', 'c', 1, 5 * USD, HOUR)).toEqual({
      granted: false,
      totals: { reserved: 5 * USD, settled: 0 },
    });
    expect(await store.read('b')).toEqual({ reserved: 5 * USD, settled: 0 });
    expect(await store.read('another')).toEqual({ reserved: 0, settled: 0 });
  });

  it('settles what was charged, releases without charge, and does either only once', async () => {
    const { store } = makeBed();
    await store.reserve('b', 'a', 3 * USD, 5 * USD, HOUR);
    await store.reserve('b', 'b', 2 * USD, 5 * USD, HOUR);
    expect(await store.settle('b', 'a', toMicros(2.5))).toEqual({
      reserved: 2 * USD,
      settled: toMicros(2.5),
    });
    expect(await store.settle('b', 'a', toMicros(2.5))).toEqual({
      reserved: 2 * USD,
      settled: toMicros(2.5),
    });
    expect(await store.release('b', 'a')).toEqual({ reserved: 2 * USD, settled: toMicros(2.5) });
    expect(await store.release('b', 'b')).toEqual({ reserved: 0, settled: toMicros(2.5) });
    expect(await store.release('b', 'b')).toEqual({ reserved: 0, settled: toMicros(2.5) });
    expect(await store.settle('b', 'b', USD)).toEqual({ reserved: 0, settled: toMicros(2.5) });
    expect(await store.settle('b', 'never-reserved', USD)).toEqual({ reserved: 0, settled: toMicros(2.5) });
    // What was settled stays spent; the released room can be reserved again.
    expect((await store.reserve('b', 'c', toMicros(2.5), 5 * USD, HOUR)).granted).toBe(true);
    expect((await store.reserve('b', 'd', 1, 5 * USD, HOUR)).granted).toBe(false);
  });

  it('grants a repeated reservation of a held id once, without counting it twice', async () => {
    const { store } = makeBed();
    await store.reserve('b', 'a', 2 * USD, 5 * USD, HOUR);
    expect(await store.reserve('b', 'a', 2 * USD, 5 * USD, HOUR)).toEqual({
      granted: true,
      totals: { reserved: 2 * USD, settled: 0 },
    });
    expect(await store.release('b', 'a')).toEqual({ reserved: 0, settled: 0 });
  });

  it('stops counting a reservation whose TTL ran out, yet counts its charge when it settles late', async () => {
    const bed = makeBed();
    const { store } = bed;
    await store.reserve('b', 'slow', 4 * USD, 5 * USD, bed.shortTtlMs);
    await store.reserve('b', 'held', 1 * USD, 5 * USD, HOUR);
    expect((await store.reserve('b', 'x', 1, 5 * USD, HOUR)).granted).toBe(false);
    await bed.pass(bed.shortTtlMs);
    expect(await store.read('b')).toEqual({ reserved: USD, settled: 0 });
    // The room it held is free again ...
    expect((await store.reserve('b', 'next', 3 * USD, 5 * USD, HOUR)).granted).toBe(true);
    // ... and when the slow call ends after all, the service did charge it: that counts.
    expect(await store.settle('b', 'slow', 4 * USD)).toEqual({ reserved: 4 * USD, settled: 4 * USD });
    expect(await store.settle('b', 'slow', 4 * USD)).toEqual({ reserved: 4 * USD, settled: 4 * USD });
  });

  it('forgets a lapsed reservation after keepLapsedMs: a settle later than that changes nothing', async () => {
    const bed = makeBed(40);
    const { store } = bed;
    await store.reserve('b', 'slow', 4 * USD, 5 * USD, bed.shortTtlMs);
    await bed.pass(bed.shortTtlMs + 40);
    expect(await store.read('b')).toEqual({ reserved: 0, settled: 0 });
    expect(await store.settle('b', 'slow', 4 * USD)).toEqual({ reserved: 0, settled: 0 });
  });

  it('refuses amounts that are not whole, non-negative micros, and a TTL that is not positive', async () => {
    const { store } = makeBed();
    for (const [amount, limit, ttl] of [
      [0.5, USD, HOUR],
      [-1, USD, HOUR],
      [Number.NaN, USD, HOUR],
      [1, 1.5, HOUR],
      [1, USD, 0],
      [1, USD, Number.POSITIVE_INFINITY],
    ] as const) {
      await expect(store.reserve('b', 'a', amount, limit, ttl)).rejects.toSatisfy(UsageError.isInstance);
    }
    await expect(store.settle('b', 'a', -5)).rejects.toSatisfy(UsageError.isInstance);
    expect(await store.read('b')).toEqual({ reserved: 0, settled: 0 });
  });
});
