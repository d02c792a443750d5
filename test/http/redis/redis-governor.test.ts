/**
 * The governor's store-dependent tests, the very ones the memory store passes, against a real
 * Redis: each governor talks to it over its own connection, as separate processes would.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { RedisRateLimitStore } from '../../../src/http/public-surface.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { describeGovernorSuite } from '../support/governor-suite.js';

const connectRedis = (url: string) => createClient({ url }).connect();
type Client = Awaited<ReturnType<typeof connectRedis>>;

let server: RedisServer;
const clients: Client[] = [];
let namespaces = 0;

beforeAll(async () => {
  server = await startRedisServer();
  for (let index = 0; index < 2; index += 1) clients.push(await connectRedis(server.url));
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await server?.stop();
});

describeGovernorSuite({
  name: 'the Redis store',
  open: async (count) => {
    const prefix = `gentk-test:governor:${namespaces++}:`;
    return Array.from(
      { length: count },
      (_, index) => new RedisRateLimitStore({ client: clients[index % clients.length]!, prefix }),
    );
  },
});
