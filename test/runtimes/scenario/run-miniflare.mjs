/**
 * workerd through Miniflare: the bundled Worker (worker.mjs) runs both scenarios, listening on a
 * loopback port so that the service's webhook deliveries reach it, and serves MCP to this host,
 * which lists the tools and calls one with raw JSON-RPC. Run by Node from the test's folder;
 * prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { mcpExchange } from './entries.mjs';

const account = {
  baseUrl: process.env.GENTK_BASE_URL,
  apiKey: process.env.GENTK_API_KEY,
  email: process.env.GENTK_EMAIL,
  password: process.env.GENTK_PASSWORD,
};
const snapshot = JSON.parse(readFileSync(process.argv[3] ?? 'service.json', 'utf8'));
const worker = new Miniflare({
  // Listed rather than found: the bundle's lazy imports (undici, node:fs) are for other runtimes,
  // and Miniflare's own scan refuses an import it cannot follow.
  modules: [{ type: 'ESModule', path: process.argv[2] ?? 'worker.bundle.js' }],
  // The date of the workerd that the tested miniflare ships; nodejs_compat as Workers that use npm
  // packages set it (the AI SDK reads node:async_hooks).
  compatibilityDate: '2026-04-01',
  compatibilityFlags: ['nodejs_compat'],
  host: '127.0.0.1',
  port: 0,
});
try {
  const address = (await worker.ready).href.replace(/\/$/, '');
  const post = async (path, body) =>
    (
      await worker.dispatchFetch(`http://worker.test${path}`, { method: 'POST', body: JSON.stringify(body) })
    ).json();
  const report = await post('/', account);
  const entries = await post('/entries', { ...account, snapshot, deliveryUrl: address });
  await worker.dispatchFetch('http://worker.test/mcp-session', {
    method: 'POST',
    body: JSON.stringify({ ...account, snapshot }),
  });
  entries.entries.mcp = await mcpExchange(async (init) => {
    const response = await worker.dispatchFetch('http://mcp.test/mcp', init);
    return new Response(await response.text(), { status: response.status, headers: response.headers });
  });
  console.log(`REPORT ${JSON.stringify({ ...report, ...entries })}`);
} finally {
  await worker.dispose();
}
