/** Node, Deno and Bun: both scenarios as a script; prints their reports as one JSON line. */
import { readFileSync } from 'node:fs';
import { runEntries } from './entries.mjs';
import { listenWith } from './listen.mjs';
import { runScenario } from './scenario.mjs';

const env = globalThis.process?.env ?? globalThis.Deno?.env.toObject();
const account = {
  baseUrl: env.GENTK_BASE_URL,
  apiKey: env.GENTK_API_KEY,
  email: env.GENTK_EMAIL,
  password: env.GENTK_PASSWORD,
};
const report = await runScenario(account);
const servers = [];
const entries = await runEntries({
  ...account,
  snapshot: JSON.parse(readFileSync('service.json', 'utf8')),
  listen: async (handle) => {
    const server = await listenWith(handle);
    servers.push(server);
    return `${server.url}/hooks`;
  },
});
for (const server of servers) await server.close();
console.log(`REPORT ${JSON.stringify({ ...report, ...entries })}`);
