/**
 * workerd through Miniflare: the bundled Worker (worker.mjs) answers one request by running the
 * scenario. Run by Node from the test's folder; prints the Worker's report as one JSON line.
 */
import { Miniflare } from 'miniflare';

const account = {
  baseUrl: process.env.GENTK_BASE_URL,
  apiKey: process.env.GENTK_API_KEY,
  email: process.env.GENTK_EMAIL,
  password: process.env.GENTK_PASSWORD,
};
const worker = new Miniflare({
  // Listed rather than found: the bundle's lazy imports (undici, node:fs) are for other runtimes,
  // and Miniflare's own scan refuses an import it cannot follow.
  modules: [{ type: 'ESModule', path: process.argv[2] ?? 'worker.bundle.js' }],
  // The date of the workerd that the tested miniflare ships; nodejs_compat as Workers that use npm
  // packages set it (the AI SDK reads node:async_hooks).
  compatibilityDate: '2026-04-01',
  compatibilityFlags: ['nodejs_compat'],
});
try {
  const response = await worker.dispatchFetch('http://worker.test/', {
    method: 'POST',
    body: JSON.stringify(account),
  });
  console.log(`REPORT ${await response.text()}`);
} finally {
  await worker.dispose();
}
