/**
 * Vercel's edge runtime: the scenarios, and the cold-start bench's connect, as globals of the
 * bundled script; deliveries reach the webhook receiver through the runtime's fetch event, which
 * the host serves (run-edge.mjs).
 */
import { coldConnect } from './cold-connect.mjs';
import { runEntries } from './entries.mjs';
import { runScenario } from './scenario.mjs';

let deliveries;
addEventListener('fetch', (event) => {
  event.respondWith(deliveries ? deliveries(event.request) : new Response('not ready', { status: 503 }));
});

const failed = (error) => ({ error: String(error?.stack ?? error) });
globalThis.runScenario = (account) => runScenario(account).catch(failed);
globalThis.runEntries = (account) =>
  runEntries({
    ...account,
    listen: async (handle) => {
      deliveries = handle;
      return `${account.deliveryUrl}/hooks`;
    },
  }).catch(failed);
globalThis.coldConnect = coldConnect;
