/**
 * A redis-server for a test file and, per test, stores on a fresh namespace of it: one per
 * process of a fleet, each its own connection, holding virtual time while on the wire.
 * @module
 */
import { createClient } from 'redis';
import { RedisRateLimitStore } from '../../src/http/index.js';
import { type RedisServer, startRedisServer } from './redis-server.js';
import type { VirtualClock } from './virtual-clock.js';

const connect = (url: string) => createClient({ url }).connect();

/**
 * One member's store: its own Redis connection, whose commands hold virtual time still until they
 * are answered. The held commands wait their turn (one at a time, in real time): that queue is
 * the virtual fleet's, not Redis's latency, so the store's time limit must not count it.
 */
export function memberStore(
  connection: { sendCommand(args: string[]): Promise<unknown> },
  clock: VirtualClock,
  prefix: string,
): RedisRateLimitStore {
  const client = { sendCommand: (args: string[]) => clock.hold(() => connection.sendCommand(args)) };
  return new RedisRateLimitStore({ client, prefix, timeoutMs: 600_000 });
}

export function redisFleetStores(name: string) {
  let redis: RedisServer | undefined;
  const connections: Array<Awaited<ReturnType<typeof connect>>> = [];
  let namespaces = 0;
  return {
    async start(): Promise<void> {
      redis = await startRedisServer();
    },
    async stop(): Promise<void> {
      for (const connection of connections) connection.destroy();
      await redis?.stop();
    },
    async stores(count: number, clock: VirtualClock): Promise<RedisRateLimitStore[]> {
      const prefix = `gentk-test:${name}:${namespaces++}:`;
      const stores: RedisRateLimitStore[] = [];
      for (let index = 0; index < count; index += 1) {
        const connection = await connect(redis!.url);
        connections.push(connection);
        stores.push(memberStore(connection, clock, prefix));
      }
      return stores;
    },
  };
}
