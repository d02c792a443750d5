/**
 * Vercel's edge runtime (the `edge-runtime` package, the VM `vercel dev` runs Edge Functions in):
 * the bundled script (edge.mjs) defines globals that run the scenarios; the runtime's server
 * answers the webhook deliveries. Run by Node from the test's folder; prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { EdgeRuntime, runServer } from 'edge-runtime';

const runtime = new EdgeRuntime({ initialCode: readFileSync(process.argv[2] ?? 'edge.bundle.js', 'utf8') });
const account = {
  baseUrl: process.env.GENTK_BASE_URL,
  apiKey: process.env.GENTK_API_KEY,
  email: process.env.GENTK_EMAIL,
  password: process.env.GENTK_PASSWORD,
};
// Discovery parses the documents here too (no Buffer needed); the entries start from a saved description.
const report = await runtime.context.runScenario(account);
const server = await runServer({ runtime, host: '127.0.0.1', port: 0 });
try {
  const entries = await runtime.context.runEntries({
    ...account,
    deliveryUrl: server.url.replace(/\/$/, ''),
    snapshot: JSON.parse(readFileSync(process.argv[3] ?? 'service.json', 'utf8')),
  });
  console.log(`REPORT ${JSON.stringify({ ...report, ...entries })}`);
} finally {
  // Not awaited, and the process ends here: the VM's timers (a receiver's track lifetime, the
  // server's idle connections) cannot be unref'd, and an Edge Function is frozen after its answer.
  void server.close();
}
process.exit(0);
