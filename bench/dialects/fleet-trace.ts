/**
 * One fleet run traced: what each member waited for and why, and what the server admitted each
 * second. For finding why a fleet under-uses a quota (`GENTK_FLEET_SERVER`, default `openai`).
 *
 * Run: GENTK_FLEET_SERVER=sliding-log npx tsx bench/dialects/fleet-trace.ts
 * @module
 */
import type { HttpEvent } from '../../src/http/index.js';
import { fleetClient } from '../../test/support/provider-limit-servers/fleet-client.js';
import { providerLimitServer } from '../../test/support/provider-limit-servers/index.js';
import { runAgainst } from '../../test/support/provider-limit-servers/run-against.js';
import { startRedisServer } from '../../test/support/redis-server.js';
import { FLEET_MEMBERS } from './fleet-runs.js';

const server = providerLimitServer(process.env.GENTK_FLEET_SERVER ?? 'openai');
const waits = new Map<string, { count: number; totalMs: number }>();
const redis = await startRedisServer();
try {
  const record = (_member: number, event: HttpEvent) => {
    if (event.type !== 'throttle-wait') return;
    const key = `${event.reason} on ${event.bucket}`;
    const entry = waits.get(key) ?? { count: 0, totalMs: 0 };
    waits.set(key, { count: entry.count + 1, totalMs: entry.totalMs + event.waitMs });
  };
  const run = await runAgainst(
    server,
    fleetClient({
      redisUrl: redis.url,
      members: Number(process.env.GENTK_FLEET_MEMBERS ?? FLEET_MEMBERS),
      onEvent: record,
    }),
    { jobs: 200, callers: 50, jobMs: 1_000, sequential: true },
  );
  const start = run.shape.startedAt;
  console.log(
    `${server.id}: ${run.wallMs} ms (least ${server.minimumMs(run.shape)}), ${run.counts.requests} requests, ${run.refused} refused, failed/lost ${run.client.failedCalls}/${run.client.lostJobs}`,
  );
  const perSecond = new Map<number, number>();
  for (const at of run.counts.admittedAt) {
    const second = Math.floor((at - start) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  console.log(
    'admitted per second:',
    [...perSecond].map(([second, count]) => `${second}s:${count}`).join(' '),
  );
  for (const [key, { count, totalMs }] of waits)
    console.log(`${count} waits, ${Math.round(totalMs)} ms: ${key}`);
} finally {
  await redis.stop();
}
