/**
 * One quota across processes: a fleet of 4 Node processes, 6 callers each, sharing one account's
 * quota through a Redis store, against the naive fleet: 4 processes of the same toolkit, each
 * with its own in-memory governor state, on another account of the same emulator, in the same
 * run and the same quota windows. Each process is a real `node` with its own `HttpClient`; the
 * emulator runs on wall time, scaled so that a minute's window lasts 5 s.
 *
 * Run: npx tsx bench/multi-process.ts (needs `redis-server` on PATH)
 * @module
 */
import { startEmulator } from 'generation-agent-toolkit-emulator';
import { type FleetConfig, type FleetReport, runFleet } from '../test/http/redis/fleet.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';

const PROCESSES = 4;
const CALLERS_PER_PROCESS = 6;
/** The emulator's default generation quota: 60 requests a minute... */
const QUOTA = 60;
/** ...with a minute lasting 5 s, so that two windows take 10 s. */
const TIME_SCALE = 5 / 60;
const WINDOW_MS = 60_000 * TIME_SCALE;
const WINDOWS = 2;
/** The fleets stop this long before the last window ends, so that no request lands in the next one. */
const END_MARGIN_MS = 150;

interface FleetTotals {
  readonly served: number;
  readonly refused: number;
  readonly requests: number;
  readonly failed: number;
}

function totals(reports: readonly FleetReport[]): FleetTotals {
  let served = 0;
  let refused = 0;
  let requests = 0;
  let failed = 0;
  for (const report of reports) {
    for (const [status, count] of Object.entries(report.wire)) {
      requests += count;
      if (status === '200') served += count;
      if (status === '429') refused += count;
    }
    for (const [name, count] of Object.entries(report.errors)) if (name !== 'AbortError') failed += count;
  }
  return { served, refused, requests, failed };
}

export async function run(): Promise<BenchSection> {
  const redis = await startRedisServer();
  const emulator = await startEmulator({
    timeScale: TIME_SCALE,
    seed: 4,
    rateLimits: { generation: { limit: QUOTA, windowSeconds: 60 } },
  });
  try {
    const fleet = (store: 'redis' | 'memory'): FleetConfig[] => {
      const { apiKey } = emulator.createAccount({ credits: 10_000 });
      return Array.from({ length: PROCESSES }, () => ({
        baseUrl: emulator.url,
        apiKey,
        store,
        redisUrl: redis.url,
        prefix: 'gentk-bench:',
        concurrency: CALLERS_PER_PROCESS,
      }));
    };
    const result = await runFleet({
      configs: [...fleet('redis'), ...fleet('memory')],
      // Both fleets start together on a window boundary of the emulator (its clock is Date.now()).
      schedule: (readyAt) => {
        const startAt = Math.ceil((readyAt + 200) / WINDOW_MS) * WINDOW_MS;
        return { startAt, endAt: startAt + WINDOWS * WINDOW_MS - END_MARGIN_MS };
      },
      timeoutMs: 55_000,
    });
    const shared = totals(result.reports.slice(0, PROCESSES));
    const naive = totals(result.reports.slice(PROCESSES));
    const possible = QUOTA * WINDOWS;
    const naiveName = `${PROCESSES} processes, each its own in-memory state`;
    return {
      id: 'multi-process',
      title: `One quota across ${PROCESSES} processes (${QUOTA}/window, ${WINDOWS} windows, ${CALLERS_PER_PROCESS} callers each)`,
      figures: [
        figure({
          name: 'share of the quota used, shared through Redis',
          value: (100 * shared.served) / possible,
          unit: '%',
          baseline: { name: naiveName, value: (100 * naive.served) / possible },
        }),
        figure({
          name: '429 answers received by the fleet',
          value: shared.refused,
          unit: '429s',
          baseline: { name: naiveName, value: naive.refused },
          pass: shared.refused === 0,
        }),
        figure({
          name: 'requests sent per call served',
          value: shared.requests / Math.max(1, shared.served),
          unit: 'requests',
          baseline: { name: naiveName, value: naive.requests / Math.max(1, naive.served) },
        }),
        figure({
          name: 'calls that failed',
          value: shared.failed,
          unit: 'calls',
          baseline: { name: naiveName, value: naive.failed },
          pass: shared.failed === 0,
        }),
      ],
    };
  } finally {
    await emulator.close();
    await redis.stop();
  }
}

await runDirectly(import.meta.url, run);
