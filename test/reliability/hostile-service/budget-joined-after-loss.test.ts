/**
 * Issue 22: a Redis budget store marked each budget so that running processes noticed a loss, but
 * a process started after Redis lost the budget saw an empty store and took it for a new budget,
 * spending from zero again. A process now says whether it creates the budget or joins it
 * (`RedisBudgetStore({ budgets: 'join' })`); a joining process finds no budget after the loss and
 * refuses with `budget_store_reset`, nothing sent, until the budget is set again. Real processes,
 * a real redis-server, FLUSHALL between them, and a render service of our own that charges $0.01
 * a call.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { collectOutput } from '../../support/process-output.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { answerWithEmulatorDocument } from '../support/emulator-documents.js';

// Real processes (through tsx) on a loaded two-core machine.
vi.setConfig({ testTimeout: 120_000 });

const FLEET_PROCESS = fileURLToPath(new URL('./budget-fleet-process.ts', import.meta.url));

let redis: RedisServer;
let emulator: Emulator;
let renders: LoopbackServer;
let charged = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  emulator = await startEmulator({ clock: 'manual' });
  renders = await listenOnLoopback(
    createServer((request, response) => {
      if ((request.url ?? '').startsWith('/api/v7/'))
        receive(request, () => {
          charged += 1;
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ status: 'success', id: `render-${charged}`, cost: 0.01, output: [] }));
        });
      else void answerWithEmulatorDocument(emulator, request, response, `http://${request.headers.host}`);
    }),
  );
}, 30_000);
afterAll(async () => {
  await redis?.stop();
  await renders?.close();
  await emulator?.close();
});

interface FleetOutcome {
  readonly outcomes: string[];
  readonly spent: number | string;
}

async function fleetProcess(
  budgets: 'create' | 'join',
  calls: number,
  setAgain?: number,
): Promise<FleetOutcome> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      FLEET_PROCESS,
      redis.url,
      renders.url,
      budgets,
      String(calls),
      ...(setAgain === undefined ? [] : ['set-again', String(setAgain)]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = await collectOutput(child, `fleet process (${budgets})`, 90_000);
  expect(output.code, output.stderr).toBe(0);
  return JSON.parse(output.stdout.trim().split('\n').at(-1) as string) as FleetOutcome;
}

describe('a process started after Redis lost the budget', () => {
  it('refuses when it joins, sends nothing, and goes on once the budget is set again', async () => {
    const flushAll = async () => {
      const client = await createClient({ url: redis.url }).connect();
      await client.flushAll();
      client.destroy();
    };
    // The setup process creates the budget and spends from it; a worker joins and spends too.
    expect(await fleetProcess('create', 2)).toEqual({ outcomes: ['ok', 'ok'], spent: 0.02 });
    expect(await fleetProcess('join', 1)).toEqual({ outcomes: ['ok'], spent: 0.03 });

    // Redis loses everything between processes.
    await flushAll();
    const before = charged;
    const joined = await fleetProcess('join', 2);
    expect(joined.outcomes).toEqual(['budget_store_reset', 'budget_store_reset']);
    expect(joined.spent).toBe('budget_store_reset');
    expect(charged).toBe(before);

    // A person sets it again with what the ledger says ($0.03); joining workers go on from there.
    expect(await fleetProcess('join', 1, 0.03)).toEqual({
      outcomes: ['budget_store_reset', 'ok'],
      spent: 0.04,
    });
    expect(await fleetProcess('join', 1)).toEqual({ outcomes: ['ok'], spent: 0.05 });
    expect(charged).toBe(before + 2);
  });

  it('a worker joining a budget never set up refuses too', async () => {
    const client = await createClient({ url: redis.url }).connect();
    await client.flushAll();
    client.destroy();
    const before = charged;
    expect((await fleetProcess('join', 1)).outcomes).toEqual(['budget_store_reset']);
    expect(charged).toBe(before);
  });
});
