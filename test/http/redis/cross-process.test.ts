/**
 * One quota across processes: three real Node processes, each with its own session, hammer one
 * account's quota through one Redis store. Together they must never be refused (no 429 on
 * anyone's wire) and still use most of what the quota allows.
 */

import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { runFleet } from './fleet.js';

const PROCESSES = 3;
const CALLERS_PER_PROCESS = 6;
const QUOTA = 20; // generation requests per window
/** 60 s of service time in 5 s: windows long enough that the answers' whole-second fields stay meaningful. */
const TIME_SCALE = 5 / 60;
const WINDOW_MS = 60_000 * TIME_SCALE;
const RUN_MS = 1.2 * WINDOW_MS; // longer than a window: at least one reset while all of them run

let redis: RedisServer;
let emulator: Emulator;

beforeAll(async () => {
  redis = await startRedisServer();
  emulator = await startEmulator({
    timeScale: TIME_SCALE,
    seed: 9,
    rateLimits: { generation: { limit: QUOTA, windowSeconds: 60 } },
  });
}, 30_000);

afterAll(async () => {
  await emulator?.close();
  await redis?.stop();
});

describe('a fleet of processes sharing one quota through Redis', () => {
  it('is never refused with 429 and together uses most of the quota', async () => {
    const account = emulator.createAccount({ credits: 1_000 });
    const result = await runFleet({
      configs: Array.from({ length: PROCESSES }, () => ({
        baseUrl: emulator.url,
        apiKey: account.apiKey,
        store: 'redis' as const,
        redisUrl: redis.url,
        prefix: 'gentk-test:fleet:',
        concurrency: CALLERS_PER_PROCESS,
      })),
      schedule: (readyAt) => ({ startAt: readyAt + 100, endAt: readyAt + 100 + RUN_MS }),
      timeoutMs: 50_000,
    });

    const statuses: Record<string, number> = {};
    for (const report of result.reports) {
      for (const [status, count] of Object.entries(report.wire))
        statuses[status] = (statuses[status] ?? 0) + count;
      // Nothing failed but the waits cut short at the end.
      expect(Object.keys(report.errors).filter((name) => name !== 'AbortError')).toEqual([]);
      // Every process got a share: the store is shared, not captured by one of them.
      expect(report.wire['200'] ?? 0).toBeGreaterThan(0);
    }
    expect(statuses['429'] ?? 0).toBe(0);
    expect(Object.keys(statuses)).toEqual(['200']);
    // The service's ledger agrees with what the processes saw: every charged call was answered to one of them.
    const charged = emulator
      .inspect(account.email)
      ?.usage.filter((use) => use.operationId === 'v7_llm_chat_completions');
    expect(charged?.length).toBe(statuses['200']);
    // Most of the quota's rate over the run was used (pacing and whole-second fields leave some).
    const allowed = QUOTA * ((result.endAt - result.startAt) / WINDOW_MS);
    expect(statuses['200']! / allowed).toBeGreaterThan(0.5);
  }, 60_000);
});
