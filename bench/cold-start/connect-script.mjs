/**
 * Run in a fresh Node process by bench/cold-start.ts: imports the built package, then connects
 * either from a saved description (argv[3] is a snapshot file) or by discovering, and prints the
 * milliseconds connect() took, as a function's first request would pay them.
 */
import { readFileSync } from 'node:fs';

const [dist, baseUrl, snapshotFile] = process.argv.slice(2);
const { connect, ServiceDescription } = await import(dist);
const apiKey = process.env.GENTK_API_KEY;
const started = performance.now();
const session = await connect({
  baseUrl,
  apiKey,
  ...(snapshotFile
    ? { service: ServiceDescription.fromSnapshot(JSON.parse(readFileSync(snapshotFile, 'utf8'))) }
    : {}),
  operations: { ids: ['v7_images_text_to_image'] },
});
const ms = performance.now() - started;
await session.close();
console.log(JSON.stringify({ ms }));
