/**
 * Every job client of the dialects section ends its run with nothing left on the virtual clock.
 * A timer left behind on virtual time never lets the clock rest: it jumps from one tick to the
 * next for ever, and the bench process spun instead of exiting. The cause was Bottleneck's
 * reservoir heartbeat (`stop()` leaves its `setInterval` running; `disconnect()` clears it); the
 * toolkit's governors, alone and as a fleet through Redis, are held to the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBottleneckConfigured, runNaive } from '../../bench/dialects/job-clients.js';
import { fleetClient } from '../support/provider-limit-servers/fleet-client.js';
import { providerLimitServer } from '../support/provider-limit-servers/index.js';
import { type JobClient, runAgainst } from '../support/provider-limit-servers/run-against.js';
import { PROVIDER_ACCOUNT_KEY, toolkitJobClient } from '../support/provider-limit-servers/toolkit-client.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import type { VirtualClock } from '../support/virtual-clock.js';

const SHAPE = { jobs: 12, callers: 4, jobMs: 1_000 };

/** Runs `client` against server `id` and returns the sleeps still pending on its clock after. */
async function pendingAfter(id: string, client: (server: string) => JobClient): Promise<number> {
  let clock: VirtualClock | undefined;
  const run = await runAgainst(
    providerLimitServer(id),
    (options) => {
      clock = options.clock;
      return client(id)(options);
    },
    SHAPE,
  );
  expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
  return clock!.pendingSleeps;
}

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
}, 30_000);

afterAll(async () => {
  await redis?.stop();
});

// A window refilled at once (GitHub), a bucket refilled continuously (Stripe-like).
describe.each(['github', 'stripe'])('against %s, a finished run leaves no timer on the clock', (id) => {
  it('Bottleneck configured by hand (its reservoir heartbeat)', async () => {
    const pending = await pendingAfter(
      id,
      (server) => (options) =>
        runBottleneckConfigured(
          { ...options, key: PROVIDER_ACCOUNT_KEY },
          { ...providerLimitServer(server).bottleneck },
        ),
    );
    expect(pending).toBe(0);
  }, 60_000);

  it('the naive client', async () => {
    expect(
      await pendingAfter(id, () => (options) => runNaive({ ...options, key: PROVIDER_ACCOUNT_KEY })),
    ).toBe(0);
  }, 60_000);

  it("the toolkit's governor", async () => {
    expect(await pendingAfter(id, () => toolkitJobClient)).toBe(0);
  }, 60_000);

  it('four governors sharing one quota through Redis, their connections closed', async () => {
    const fleet = fleetClient({ redisUrl: redis.url, members: 4 });
    expect(await pendingAfter(id, () => fleet)).toBe(0);
  }, 60_000);
});
