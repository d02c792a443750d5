/**
 * Run in a fresh Node process by bench/cold-start.ts: imports the built package, then connects
 * from a saved description (`saved <file>`: its text form or its JSON, read as it is), through a warm discovery cache (`cache <folder>`), or
 * by discovering (no argument), and prints the milliseconds connect() took, as a function's first
 * request would pay them, and the process's CPU time over the same span (every thread: the part of
 * the wall time that a loaded machine does not add).
 */
import { readFileSync } from 'node:fs';

const [dist, baseUrl, mode, path] = process.argv.slice(2);
const { connect, ServiceDescription } = await import(dist);
// The file cache is in the /stores entry, beside the root.
const { FileDiscoveryCache } = mode === 'cache' ? await import(new URL('./stores.js', dist).href) : {};
const apiKey = process.env.GENTK_API_KEY;
// Reading the saved description or the cache is part of what a function pays: timed too.
const started = performance.now();
const cpuBefore = process.cpuUsage();
const session = await connect({
  baseUrl,
  apiKey,
  ...(mode === 'saved' ? { service: ServiceDescription.fromSnapshot(readFileSync(path, 'utf8')) } : {}),
  ...(mode === 'cache' ? { discovery: { cache: new FileDiscoveryCache(path) } } : {}),
  operations: { ids: ['v7_images_text_to_image'] },
});
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
await session.close();
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 }));
