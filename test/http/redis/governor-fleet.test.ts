/**
 * Four governors (four processes' worth: each its own queues and Redis connection) sharing one
 * quota through a real Redis, against servers written from providers' documentation, on
 * virtual time with real I/O one operation at a time (so that a run repeats exactly: the
 * members otherwise race on the real wire within one virtual moment). What is learned of the
 * server lives in the shared state, so the four use the quota as one governor does.
 *
 * Before: the refilling bucket's state was forgotten on every read (NaN pace tokens); a waiter
 * queued ahead of the one being served was dropped (a stall); an answer older than the reading
 * the ledger held counted its requests a second time (Anthropic 2.5x the least time); bursts
 * were never spent on a shared store (GitHub's windows 80 % used, 1.45x).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetClient } from '../../support/provider-limit-servers/fleet-client.js';
import { providerLimitServer } from '../../support/provider-limit-servers/index.js';
import { runAgainst } from '../../support/provider-limit-servers/run-against.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
}, 30_000);

afterAll(async () => {
  await redis?.stop();
});

const JOBS = 200;

/** One fleet run of 200 jobs from 50 callers against server `id`: no failed call, no lost job. */
async function fleetRun(id: string) {
  const server = providerLimitServer(id);
  const run = await runAgainst(server, fleetClient({ redisUrl: redis.url, members: 4 }), {
    jobs: JOBS,
    callers: 50,
    jobMs: 1_000,
    sequential: true,
  });
  expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
  expect(run.client.lostJobs).toBe(0);
  expect(run.counts.delivered.size).toBe(JOBS);
  return { server, run };
}

describe('four governors sharing one quota through Redis', () => {
  it.each([
    // Continuous buckets (requests and tokens), the burst of a full bucket, units as they come back.
    { id: 'openai', least: 1.1 },
    { id: 'anthropic', least: 1.1 },
    // Windows of 100 that start with the first request: each window's burst at once, by all four.
    // (Resets in whole epoch seconds cost each window up to a second: 1.12x here, 1.07x alone.)
    { id: 'github', least: 1.15 },
    // A window halved mid-run.
    { id: 'ietf-downgrade', least: 1.1 },
    // A true sliding log: each unit back a window after its own grant, every process's. Its
    // quota figure stops at 93 % (alone too): the run's last requests are fetches 1.5 s after
    // their submissions, past the least time the limit allows (1.10x; 1.19x and 87 % before).
    { id: 'sliding-log', least: 1.15, used: 0.92 },
    // Quotas shown only by what is left: Azure's windows of requests and tokens (the polls cost no
    // tokens), Heroku's pool (a refill rate measured between every process's readings).
    { id: 'azure-openai', least: 1.1 },
    { id: 'heroku', least: 1.1 },
  ])(
    '$id: the quota used as by one governor, no failed call, no lost job, refusals within the target',
    async ({ id, least, used = 0.95 }) => {
      const { server, run } = await fleetRun(id);
      // The fleet's targets with fields: at most 1 % of requests refused, 95 % of the quota used.
      expect(run.refused / run.counts.requests).toBeLessThanOrEqual(0.01);
      expect(server.quotaUsed(run.counts, run.wallMs, run.shape)).toBeGreaterThanOrEqual(used);
      expect(run.wallMs / server.minimumMs(run.shape)).toBeLessThanOrEqual(least);
    },
    120_000,
  );

  it('GitHub’s secondary limit (10 in flight, answers taking 1 s): one cap between the four', async () => {
    const { run } = await fleetRun('github-secondary-429');
    // Each process learning a cap of its own was refused 2.9-3.2 % (12-13 of ~410: each cap was
    // what one process had in flight, and the four overshot together). One cap in the store,
    // counting every process's requests, is refused 4 times here (1.0 %, the bench's target): the
    // first overshoot, which measures it, and the climbs. The bound keeps a margin over that.
    expect(run.refused / run.counts.requests).toBeLessThanOrEqual(0.025);
  }, 120_000);
});
