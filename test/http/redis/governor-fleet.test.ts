/**
 * Four governors (four processes' worth: each its own queues and Redis connection) sharing one
 * quota through a real Redis, against the OpenAI-like server (continuous buckets of requests and
 * tokens), on virtual time. Before, the refilling bucket's state was forgotten on every read
 * (NaN pace tokens) and, once it survived, a waiter queued ahead of the one being served was
 * dropped and the fleet stalled with nothing on the wire.
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

describe('four governors sharing one quota through Redis', () => {
  it('OpenAI-like buckets: every call succeeds, no job is lost, refusals within the target', async () => {
    const server = providerLimitServer('openai');
    const jobs = 200;
    const run = await runAgainst(server, fleetClient({ redisUrl: redis.url, members: 4 }), {
      jobs,
      callers: 50,
      jobMs: 1_000,
    });
    expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
    expect(run.client.lostJobs).toBe(0);
    expect(run.counts.delivered.size).toBe(jobs);
    // The fleet's target with fields: at most 1 % of requests refused.
    expect(run.refused / run.counts.requests).toBeLessThanOrEqual(0.01);
  }, 120_000);

  it('GitHub’s secondary limit (10 in flight, answers taking 1 s): one cap between the four', async () => {
    const server = providerLimitServer('github-secondary-429');
    const jobs = 200;
    const run = await runAgainst(server, fleetClient({ redisUrl: redis.url, members: 4 }), {
      jobs,
      callers: 50,
      jobMs: 1_000,
    });
    expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
    expect(run.client.lostJobs).toBe(0);
    expect(run.counts.delivered.size).toBe(jobs);
    // Each process learning a cap of its own was refused 2.9-3.2 % (12-13 of ~410 in every run:
    // each cap was what one process had in flight, and the four overshot together). One cap in
    // the store, counting every process's requests, is refused 3-4 times (0.7-1.0 %, the bench's
    // target being 1 %); this bound leaves room for Redis's real latency between the processes
    // on a loaded machine, where counts written late have measured the cap a little high.
    expect(run.refused / run.counts.requests).toBeLessThanOrEqual(0.025);
  }, 120_000);
});
