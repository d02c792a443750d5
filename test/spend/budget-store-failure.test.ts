/**
 * A budget whose shared store has failed refuses the call before it is sent: with a
 * `RedisBudgetStore` whose client is closed, or whose redis-server has stopped, `session.call`
 * throws `BudgetStoreError` and no request leaves the session; a tool answers it as an error the
 * model can read, and a tool set's own budget is not charged for it. A store that fails after the
 * call was sent costs the budget its record (a `budget-unrecorded` warning), never the answer.
 */
import { createClient } from 'redis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceWarning } from '../../src/http/index.js';
import { createToolSpecs } from '../../src/index.js';
import { type BudgetStore, BudgetStoreError, MemoryBudgetStore, RedisBudgetStore } from '../../src/spend.js';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

const FOX = { model_id: 'flux-dev', prompt: 'a fox' };

let bed: AdapterBed | undefined;
let server: RedisServer | undefined;

afterEach(async () => {
  await bed?.close();
  await server?.stop();
  bed = undefined;
  server = undefined;
});

/** A session on the emulator whose budget lives in Redis, through `client`. */
async function budgetedBed(store: BudgetStore) {
  bed = await startAdapterBed({
    operations: { ids: ['v7_images_text_to_image'] },
    budget: { amount: 5, currency: 'usd', store },
  });
  return bed;
}

/** A store that records how each reservation ended. */
function recordingStore(): { store: BudgetStore; ends: string[] } {
  const memory = new MemoryBudgetStore();
  const ends: string[] = [];
  const store: BudgetStore = {
    reserve: (...args) => memory.reserve(...args),
    read: (key) => memory.read(key),
    settle: (key, id, charged) => {
      ends.push(`settle ${charged}`);
      return memory.settle(key, id, charged);
    },
    release: (key, id) => {
      ends.push('release');
      return memory.release(key, id);
    },
  };
  return { store, ends };
}

describe('a budget whose store fails', () => {
  it('refuses the call with BudgetStoreError on a closed client, sending nothing', async () => {
    server = await startRedisServer();
    const client = await createClient({ url: server.url }).connect();
    const session = (await budgetedBed(new RedisBudgetStore({ client }))).session;
    client.destroy();
    const sent = bed!.requests.length;

    const refused = await session.call('v7_images_text_to_image', FOX).catch((error: unknown) => error);

    expect(BudgetStoreError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ code: 'budget_store_failed', operation: 'reserve' });
    expect(bed!.requests.slice(sent)).toEqual([]);
    expect(bed!.emulator.inspect(bed!.account.email)?.usage).toEqual([]);
  });

  it('refuses the call when the redis-server has stopped, and a tool tells the model nothing was sent', async () => {
    server = await startRedisServer();
    // A client as created by default: it queues commands while it reconnects, so only the
    // store's time limit stands between a call and a wait for Redis to come back.
    const client = await createClient({ url: server.url }).connect();
    client.on('error', () => {});
    const session = (await budgetedBed(new RedisBudgetStore({ client, timeoutMs: 100 }))).session;
    const image = createToolSpecs(session, { mode: 'typed' }).tool('v7_images_text_to_image');
    await server.stop();
    const sent = bed!.requests.length;

    const refused = await session.call('v7_images_text_to_image', FOX).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'budget_store_failed', backendCode: 'TimeoutError' });
    const answer = await image?.execute(FOX);

    expect(answer).toMatchObject({ ok: false, code: 'budget_store_failed', retryable: true });
    expect((answer as { hint: string }).hint).toMatch(/Nothing was sent/);
    expect(bed!.requests.slice(sent)).toEqual([]);
    client.destroy();
  });

  it("does not charge a tool set's own budget for a call the session's store refused", async () => {
    server = await startRedisServer();
    const client = await createClient({ url: server.url }).connect();
    const session = (await budgetedBed(new RedisBudgetStore({ client }))).session;
    const toolSet = recordingStore();
    const image = createToolSpecs(session, {
      mode: 'typed',
      budget: { amount: 1, currency: 'usd', store: toolSet.store },
    }).tool('v7_images_text_to_image');
    client.destroy();

    const answer = await image?.execute(FOX);

    expect(answer).toMatchObject({ ok: false, code: 'budget_store_failed' });
    expect(toolSet.ends).toEqual(['release']);
  });

  it('returns the answer of a call sent before the store failed, and warns that its charge went unrecorded', async () => {
    server = await startRedisServer();
    const client = await createClient({ url: server.url }).connect();
    const redis = new RedisBudgetStore({ client });
    // The store fails between the reservation and its end, as a Redis lost mid-call would.
    const failingAfterReserve: BudgetStore = {
      reserve: async (...args) => {
        const outcome = await redis.reserve(...args);
        client.destroy();
        return outcome;
      },
      read: (key) => redis.read(key),
      settle: (key, id, charged) => redis.settle(key, id, charged),
      release: (key, id) => redis.release(key, id),
    };
    const session = (await budgetedBed(failingAfterReserve)).session;
    const warnings: ServiceWarning[] = [];
    vi.spyOn(session.client, 'warn').mockImplementation((warning) => warnings.push(warning));

    const result = await session.call('v7_images_text_to_image', FOX);

    expect(result.status).toBe('success');
    expect(bed!.emulator.inspect(bed!.account.email)?.usage).toHaveLength(1);
    expect(warnings).toEqual([
      expect.objectContaining({
        kind: 'budget-unrecorded',
        subject: 'operation v7_images_text_to_image',
        message: expect.stringMatching(/was sent, but the budget could not record its end: .*settle/),
      }),
    ]);
  });

  it('returns the answer of a pending job resumed after the store failed, with the same warning', async () => {
    server = await startRedisServer();
    const client = await createClient({ url: server.url }).connect();
    const session = (await budgetedBed(new RedisBudgetStore({ client }))).session;
    const warnings: ServiceWarning[] = [];
    vi.spyOn(session.client, 'warn').mockImplementation((warning) => warnings.push(warning));
    const pending = await session.call('v7_images_text_to_image', FOX, { wait: false });
    if (pending.status !== 'processing') throw new Error('the job should still be running');
    client.destroy();

    const done = await session.resumeById(pending.operationId, pending.requestId);

    expect(done.status).toBe('success');
    expect(warnings.map((warning) => warning.kind)).toEqual(['budget-unrecorded']);
  });
});
