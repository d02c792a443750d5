/**
 * A process that only receives webhooks: a session of the account with a receiver on the shared
 * Redis store and a `node:http` server. Takes JSON `{ baseUrl, apiKey, redisUrl, prefix }` as its
 * argument, prints `{ hookUrl }` as one JSON line, and stops when its stdin closes.
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { connect } from '../../../src/auth/index.js';
import { createWebhookReceiver, RedisWebhookStore } from '../../../src/webhooks/index.js';

const { baseUrl, apiKey, redisUrl, prefix } = JSON.parse(process.argv[2] ?? '{}') as {
  baseUrl: string;
  apiKey: string;
  redisUrl: string;
  prefix: string;
};
const redis = await createClient({ url: redisUrl }).connect();
const session = await connect({ baseUrl, apiKey, operations: { ids: ['v7_images_text_to_image'] } });
let handler: ReturnType<typeof createWebhookReceiver>['nodeHandler'] | undefined;
const server = createServer((req, res) => handler?.(req, res));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
handler = createWebhookReceiver(session, {
  publicUrl: hookUrl,
  store: new RedisWebhookStore({ client: redis, prefix }),
}).nodeHandler;
process.stdout.write(`${JSON.stringify({ hookUrl })}\n`);
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close();
  void Promise.all([session.close(), redis.close()]).then(() => process.exit(0));
});
process.stdin.resume();
