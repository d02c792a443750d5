/**
 * Cold-start bench on the edge runtime, run by Node: `import <bundle>` times the evaluation of a
 * bundled script in a new EdgeRuntime; `connect` runs the first connect() from service.gentk in it.
 * Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { EdgeRuntime } from 'edge-runtime';

const [what, bundle] = process.argv.slice(2);
const initialCode = readFileSync(bundle, 'utf8');
const started = performance.now();
const runtime = new EdgeRuntime({ initialCode });
const importMs = performance.now() - started;
if (what === 'import') console.log(`COLD ${JSON.stringify({ importMs })}`);
else {
  const figures = await runtime.context.coldConnect({
    baseUrl: process.env.GENTK_BASE_URL,
    apiKey: process.env.GENTK_API_KEY,
    text: readFileSync('service.gentk', 'utf8'),
  });
  console.log(`COLD ${JSON.stringify(figures)}`);
}
