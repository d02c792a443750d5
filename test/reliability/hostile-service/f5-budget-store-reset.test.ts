/**
 * Issue 22, finding 5: a shared budget in a real Redis that loses its state (a restart without
 * persistence, here FLUSHALL) no longer starts again silently from zero spent. The process that
 * used the budget notices (the budget's epoch mark is gone) and refuses every call with
 * `budget_store_reset`, nothing sent, also after another process made the budget anew, until a
 * person sets it again (`RedisBudgetStore.setAgain`, with what the ledger says was spent).
 */
import { createServer } from 'node:http';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../../src/auth/index.js';
import { BudgetStoreError, RedisBudgetStore, toMicros } from '../../../src/spend.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { answerWithEmulatorDocument } from '../support/emulator-documents.js';

const IMAGE = 'v7_images_text_to_image';
const connectRedis = (url: string) => createClient({ url }).connect();
type Client = Awaited<ReturnType<typeof connectRedis>>;

let redis: RedisServer;
let clients: Client[] = [];
let emulator: Emulator;
let service: LoopbackServer;
let submissions = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  clients = await Promise.all([connectRedis(redis.url), connectRedis(redis.url)]);
  emulator = await startEmulator({ clock: 'manual' });
  service = await listenOnLoopback(
    createServer((request, response) => {
      const origin = `http://${request.headers.host}`;
      if ((request.url ?? '').startsWith('/api/v7/'))
        receive(request, () => {
          submissions += 1;
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              status: 'success',
              id: `job-${submissions}`,
              cost: 0.01,
              output: ['https://cdn.example/a.png'],
            }),
          );
        });
      else void answerWithEmulatorDocument(emulator, request, response, origin);
    }),
  );
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await redis?.stop();
  await service?.close();
  await emulator?.close();
});

const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((session) => session.close())));

async function fleetProcess(client: Client): Promise<{ session: Session; store: RedisBudgetStore }> {
  const store = new RedisBudgetStore({ client, prefix: 'gentk-test:reset:' });
  const session = await connect({
    baseUrl: service.url,
    apiKey: 'fleet-key-123456',
    operations: { ids: [IMAGE] },
    budget: { amount: 1, store },
  });
  sessions.push(session);
  return { session, store };
}

const input = { model_id: 'flux-dev', prompt: 'a fox' };

describe('a Redis budget store restarted empty', () => {
  it('refuses with budget_store_reset, nothing sent, until the budget is set again', async () => {
    const first = await fleetProcess(clients[0] as Client);
    await first.session.call(IMAGE, input);
    await first.session.call(IMAGE, input);
    const spentBefore = (await first.session.spend())?.settled ?? 0;
    expect(spentBefore).toBeGreaterThan(0);

    await (clients[1] as Client).flushAll();
    const sentBefore = submissions;
    const refused = await first.session.call(IMAGE, input).catch((error: unknown) => error);
    expect(BudgetStoreError.isInstance(refused)).toBe(true);
    expect((refused as BudgetStoreError).code).toBe('budget_store_reset');
    expect((refused as BudgetStoreError).retryable).toBe(false);
    expect(submissions).toBe(sentBefore);

    // The tool says so to the model, and says not to retry.
    const tool = createToolSpecs(first.session, { mode: 'typed' }).tool(IMAGE);
    expect(await tool!.execute(input)).toMatchObject({
      ok: false,
      code: 'budget_store_reset',
      retryable: false,
    });

    // Another process of the fleet, started after the loss, makes the budget anew: the first
    // one still refuses, since that is not the budget it knew.
    const second = await fleetProcess(clients[1] as Client);
    await second.session.call(IMAGE, input);
    const stillRefused = await first.session.call(IMAGE, input).catch((error: unknown) => error);
    expect((stillRefused as BudgetStoreError).code).toBe('budget_store_reset');

    // A person sets it again with what the ledger says was spent; both processes go on from there.
    await first.store.setAgain((refused as BudgetStoreError).budget, toMicros(spentBefore + 0.01));
    await first.session.call(IMAGE, input);
    await second.session.call(IMAGE, input);
    expect((await first.session.spend())?.settled).toBeCloseTo(spentBefore + 0.03, 6);
  });
});
