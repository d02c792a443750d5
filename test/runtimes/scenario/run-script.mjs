/** Node, Deno and Bun: the scenario as a script; prints its report as one JSON line. */
import { runScenario } from './scenario.mjs';

const env = globalThis.process?.env ?? globalThis.Deno?.env.toObject();
const report = await runScenario({
  baseUrl: env.GENTK_BASE_URL,
  apiKey: env.GENTK_API_KEY,
  email: env.GENTK_EMAIL,
  password: env.GENTK_PASSWORD,
});
console.log(`REPORT ${JSON.stringify(report)}`);
