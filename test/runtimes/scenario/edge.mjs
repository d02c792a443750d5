/** Vercel's edge runtime: the scenario as a global function of the bundled script. */
import { runScenario } from './scenario.mjs';

globalThis.runScenario = (account) =>
  runScenario(account).catch((error) => ({ error: String(error?.stack ?? error) }));
