/**
 * Vercel's edge runtime (the `edge-runtime` package, the VM `vercel dev` runs Edge Functions in):
 * the bundled script (edge.mjs) defines a global that runs the scenario. Run by Node from the
 * test's folder; prints the report as one JSON line.
 */
import { readFileSync } from 'node:fs';
import { EdgeRuntime } from 'edge-runtime';

const runtime = new EdgeRuntime({ initialCode: readFileSync(process.argv[2] ?? 'edge.bundle.js', 'utf8') });
const report = await runtime.context.runScenario({
  baseUrl: process.env.GENTK_BASE_URL,
  apiKey: process.env.GENTK_API_KEY,
  email: process.env.GENTK_EMAIL,
  password: process.env.GENTK_PASSWORD,
  // Parsing an OpenAPI document needs a global Buffer (the $ref parser checks Buffer.isBuffer),
  // which edge runtimes lack: a function there starts from a saved description, as it should.
  snapshot: JSON.parse(readFileSync(process.argv[3] ?? 'service.json', 'utf8')),
});
console.log(`REPORT ${JSON.stringify(report)}`);
