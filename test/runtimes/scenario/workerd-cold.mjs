/**
 * Cold-start bench on workerd, run by Node. `import <bundle>`: the time from starting Miniflare
 * with a bundled Worker to the answer of its first request (workerd's start included: compare
 * bundles, not absolutes). `connect <bundle>`: workerd's clocks stand still while code runs, so
 * the host times the Worker's first request that connects from service.gentk (connect.worker.mjs)
 * against a request carrying the same body that does not, both after a first request has loaded
 * the Worker; the difference is what connect() took (parsing the text included). Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';

const [what, bundle] = process.argv.slice(2);
const started = performance.now();
const worker = new Miniflare({
  modules: [{ type: 'ESModule', path: bundle }],
  compatibilityDate: '2026-04-01',
  compatibilityFlags: ['nodejs_compat'],
  bindings: {
    GENTK_BASE_URL: process.env.GENTK_BASE_URL ?? '',
    GENTK_API_KEY: process.env.GENTK_API_KEY ?? '',
  },
});
/** The host's wall time of one request to `path` with `body`. */
async function timed(path, body) {
  const sent = performance.now();
  const response = await worker.dispatchFetch(`http://worker.test${path}`, { method: 'POST', body });
  await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - sent;
}
try {
  if (what === 'import') {
    const response = await worker.dispatchFetch('http://worker.test/');
    await response.text();
    console.log(`COLD ${JSON.stringify({ importMs: performance.now() - started })}`);
  } else {
    const text = readFileSync('service.gentk', 'utf8');
    await timed('/load', text);
    const without = await timed('/read', text);
    const connecting = await timed('/connect', text);
    console.log(`COLD ${JSON.stringify({ connectMs: connecting - without, withoutMs: without })}`);
  }
} finally {
  await worker.dispose();
}
