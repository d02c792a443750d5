/**
 * Cold-start bench on workerd, run by Node: the time from starting Miniflare with a bundled Worker
 * to the answer of its first request (workerd's start included: compare bundles, not absolutes).
 * Prints one JSON line.
 */
import { Miniflare } from 'miniflare';

const started = performance.now();
const worker = new Miniflare({
  modules: [{ type: 'ESModule', path: process.argv[2] }],
  compatibilityDate: '2026-04-01',
  compatibilityFlags: ['nodejs_compat'],
});
try {
  const response = await worker.dispatchFetch('http://worker.test/');
  await response.text();
  console.log(`COLD ${JSON.stringify({ importMs: performance.now() - started })}`);
} finally {
  await worker.dispose();
}
