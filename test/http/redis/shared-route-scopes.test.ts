/**
 * Route scopes kept in one Redis by four clients (four processes' worth, each its own
 * connection): the quota a route draws on, learned by one from its first answer, is the one the
 * others pace against from their first request.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from '../../../src/http/index.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { ORIGIN, scopeFleet } from '../../support/route-scope-fleet.js';
import { createVirtualClock, type VirtualClock } from '../../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);

let redis: RedisServer;
const connections: Array<Awaited<ReturnType<typeof connect>>> = [];
const connect = (url: string) => createClient({ url }).connect();
let namespaces = 0;

beforeAll(async () => {
  redis = await startRedisServer();
}, 30_000);

afterAll(async () => {
  for (const connection of connections) connection.destroy();
  await redis?.stop();
});

/** `count` stores on one fresh namespace, each its own connection, holding virtual time while on the wire. */
async function fleetStores(count: number, clock: VirtualClock): Promise<RedisRateLimitStore[]> {
  const prefix = `gentk-test:route-scopes:${namespaces++}:`;
  const stores: RedisRateLimitStore[] = [];
  for (let index = 0; index < count; index += 1) {
    const connection = await connect(redis.url);
    connections.push(connection);
    const client = { sendCommand: (args: string[]) => clock.hold(() => connection.sendCommand(args)) };
    stores.push(new RedisRateLimitStore({ client, prefix }));
  }
  return stores;
}

describe('four clients sharing one Redis', () => {
  it('use the scope the first learned from its first answer, without a probe', async () => {
    const clock = createVirtualClock(new ManualClock(START), { sequential: true });
    const { governors, send } = scopeFleet(await fleetStores(4, clock), clock);
    expect(await send(0, '/search/code')).toBe(200);
    // The two requests left of the search quota, at once from two joining clients.
    const permits = await Promise.all(
      [1, 2].map((index) => governors[index]!.acquire(new URL(`${ORIGIN}/search/code`))),
    );
    for (const permit of permits) expect(permit.buckets).toEqual([`${ORIGIN}#search#`]);
    expect(clock.now()).toBe(START);
  }, 30_000);

  it('keep to a spent quota one of them learned: no refusal', async () => {
    const clock = createVirtualClock(new ManualClock(START), { sequential: true });
    const { server, waits, send } = scopeFleet(await fleetStores(4, clock), clock);
    for (let request = 0; request < 3; request += 1) expect(await send(0, '/search/code')).toBe(200);
    const statuses = await Promise.all(
      [1, 2, 3].flatMap((index) => [send(index, '/search/code'), send(index, '/user')]),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(server.refused).toBe(0);
    for (const index of [1, 2, 3])
      expect(waits[index]!.some((wait) => wait.reason === 'quota' && wait.bucket.endsWith('#search#'))).toBe(
        true,
      );
  }, 30_000);
});
