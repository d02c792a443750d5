/**
 * What only the Redis budget store has to show, against a real redis-server: many clients on
 * separate connections never reserve past the limit together, scripts survive a flushed script
 * cache, the keys share one hash slot, and a failing backend is a typed error that keeps no secret.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMicros } from '../../src/spend/index.js';
import { BudgetStoreError, RedisBudgetStore } from '../../src/spend.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

const connectRedis = (url: string) => createClient({ url }).connect();
type Client = Awaited<ReturnType<typeof connectRedis>>;

let server: RedisServer;
let clients: Client[] = [];
let namespaces = 0;
const freshPrefix = () => `gentk-test:redis-budget:${namespaces++}:`;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startRedisServer();
  clients = await Promise.all(Array.from({ length: 4 }, () => connectRedis(server.url)));
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await server?.stop();
});

/** Amounts of varied sizes, the same every run: 1 cent to 90 cents. */
const amountOf = (index: number) => toMicros(0.01 + ((index * 37) % 90) / 100);

describe('RedisBudgetStore', () => {
  it('never grants more than the limit to many concurrent reservations from several clients', async () => {
    const prefix = freshPrefix();
    const stores = clients.map((client) => new RedisBudgetStore({ client, prefix }));
    const limit = toMicros(25);
    const outcomes = await Promise.all(
      Array.from({ length: 400 }, (_, index) =>
        stores[index % stores.length]!.reserve('fleet', `call-${index}`, amountOf(index), limit, HOUR).then(
          (outcome) => ({ outcome, amount: amountOf(index) }),
        ),
      ),
    );
    const granted = outcomes.filter(({ outcome }) => outcome.granted);
    const grantedSum = granted.reduce((sum, { amount }) => sum + amount, 0);
    expect(grantedSum).toBeLessThanOrEqual(limit);
    // The refused ones were refused for want of room, not by mistake: none of them would fit now.
    const smallestRefused = Math.min(
      ...outcomes.filter(({ outcome }) => !outcome.granted).map((o) => o.amount),
    );
    expect(grantedSum + smallestRefused).toBeGreaterThan(limit);
    expect(await stores[0]!.read('fleet')).toEqual({ reserved: grantedSum, settled: 0 });
    for (const { outcome } of granted) expect(outcome.totals.reserved).toBeLessThanOrEqual(limit);
  });

  it('keeps the books exact when clients reserve, settle and release at once', async () => {
    const prefix = freshPrefix();
    const stores = clients.map((client) => new RedisBudgetStore({ client, prefix }));
    const limit = toMicros(10);
    let charged = 0;
    await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const store = stores[index % stores.length]!;
        const outcome = await store.reserve('mixed', `call-${index}`, amountOf(index), limit, HOUR);
        if (!outcome.granted) return;
        if (index % 3 === 0) {
          await store.release('mixed', `call-${index}`);
          await store.release('mixed', `call-${index}`);
        } else {
          // A charge a little under the estimate, settled twice (a retry): counted once.
          const charge = amountOf(index) - 1_000;
          charged += charge;
          await store.settle('mixed', `call-${index}`, charge);
          await stores[(index + 1) % stores.length]!.settle('mixed', `call-${index}`, charge);
        }
      }),
    );
    expect(await stores[0]!.read('mixed')).toEqual({ reserved: 0, settled: charged });
    expect(charged).toBeLessThanOrEqual(limit);
  });

  it('runs its scripts again after the server forgot them (EVALSHA falls back to EVAL)', async () => {
    const store = new RedisBudgetStore({ client: clients[0]!, prefix: freshPrefix() });
    await store.reserve('b', 'a', 5, 10, HOUR);
    await clients[0]!.sendCommand(['SCRIPT', 'FLUSH']);
    expect(await store.reserve('b', 'b', 5, 10, HOUR)).toEqual({
      granted: true,
      totals: { reserved: 10, settled: 0 },
    });
  });

  it('keeps a budget under its prefix, in keys that share one hash slot', async () => {
    const prefix = freshPrefix();
    const store = new RedisBudgetStore({ client: clients[0]!, prefix });
    await store.reserve('acct:agent', 'a', 5, 10, HOUR);
    const keys = (await clients[0]!.keys(`${prefix}*`)).sort();
    expect(keys).toEqual([`${prefix}{acct:agent}:held`, `${prefix}{acct:agent}:totals`]);
    // The braces are the hash tag: a Redis Cluster hashes only `acct:agent`, so all go to one node.
  });

  it('refuses a budget whose key holds foreign data, and leaves that data alone', async () => {
    const prefix = freshPrefix();
    await clients[0]!.set(`${prefix}{b}:totals`, 'not a hash');
    const store = new RedisBudgetStore({ client: clients[0]!, prefix });
    const error = await store.reserve('b', 'a', 5, 10, HOUR).catch((caught: unknown) => caught);
    expect(BudgetStoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'budget_store_failed', operation: 'reserve', store: 'redis' });
    expect(await clients[0]!.get(`${prefix}{b}:totals`)).toBe('not a hash');
  });

  it('fails with a typed, retryable error that keeps no secret when the backend fails', async () => {
    const store = new RedisBudgetStore({
      client: {
        sendCommand: async () => {
          throw Object.assign(new Error('connect ECONNREFUSED redis://agent:hunter2-secret@10.0.0.5:6379'), {
            code: 'ECONNREFUSED',
          });
        },
      },
    });
    const error = await store.reserve('budget:acct', 'a', 5, 10, HOUR).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BudgetStoreError);
    const failure = error as BudgetStoreError;
    expect(failure).toMatchObject({
      code: 'budget_store_failed',
      operation: 'reserve',
      backendCode: 'ECONNREFUSED',
      retryable: true,
      budget: 'budget:acct',
    });
    expect(failure.message).toContain('could not reserve on budget budget:acct');
    expect(JSON.stringify(failure.toJSON())).not.toContain('hunter2');
    expect(failure.message).not.toContain('hunter2');
    expect(failure.cause).toBeUndefined();
  });

  it("fails with a typed error on a closed client and on a reply that is not the script's", async () => {
    const closed = await connectRedis(server.url);
    closed.destroy();
    const onClosed = new RedisBudgetStore({ client: closed });
    await expect(onClosed.settle('b', 'a', 5)).rejects.toMatchObject({
      code: 'budget_store_failed',
      operation: 'settle',
    });
    const odd = new RedisBudgetStore({ client: { sendCommand: async () => 'OK' } });
    await expect(odd.read('b')).rejects.toMatchObject({ code: 'budget_store_failed', operation: 'read' });
  });
});
