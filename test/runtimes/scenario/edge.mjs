/** Vercel's edge runtime: the scenario, and the cold-start bench's connect, as globals of the bundled script. */
import { coldConnect } from './cold-connect.mjs';
import { runScenario } from './scenario.mjs';

globalThis.runScenario = (account) =>
  runScenario(account).catch((error) => ({ error: String(error?.stack ?? error) }));
globalThis.coldConnect = coldConnect;
