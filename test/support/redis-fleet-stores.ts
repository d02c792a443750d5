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
        const client = { sendCommand: (args: string[]) => clock.hold(() => connection.sendCommand(args)) };
        // Held commands wait their turn in real time: the virtual fleet's queue, not Redis's latency.
        stores.push(new RedisRateLimitStore({ client, prefix, timeoutMs: 600_000 }));
      }
      return stores;
    },
  };
}
