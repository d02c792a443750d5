/**
 * workerd: the Worker answers
 * - `POST /` by running the scenario (the account in the JSON body);
 * - `POST /entries` by running the entries' scenario, its MCP part left to the host;
 * - `/hooks/...`: the webhook deliveries, through the receiver's Web handler;
 * - `/mcp`: the MCP server's Web handler (stateless), over a session connected from the saved
 *   description by `POST /mcp-session`, as a Worker serving remote MCP would.
 */
import { connect, ServiceDescription } from 'generation-agent-toolkit';
import { mcpHandler, runEntries } from './entries.mjs';
import { runScenario } from './scenario.mjs';

let deliveries;
let mcp;

const failed = (error) => Response.json({ error: String(error?.stack ?? error) }, { status: 500 });

export default {
  async fetch(request) {
    const url = new URL(request.url);
    try {
      if (url.pathname.startsWith('/hooks'))
        return deliveries ? await deliveries(request) : new Response('not ready', { status: 503 });
      if (url.pathname === '/mcp')
        return mcp ? await mcp.fetch(request) : new Response('no session', { status: 503 });
      if (url.pathname === '/mcp-session') {
        const account = await request.json();
        const session = await connect({
          baseUrl: account.baseUrl,
          apiKey: account.apiKey,
          service: ServiceDescription.fromSnapshot(account.snapshot),
          operations: { ids: ['v7_images_text_to_image'] },
        });
        mcp = mcpHandler(session);
        return new Response(null, { status: 204 });
      }
      const account = await request.json();
      if (url.pathname === '/entries')
        return Response.json(
          await runEntries({
            ...account,
            skip: ['mcp'],
            listen: async (handle) => {
              deliveries = handle;
              return `${account.deliveryUrl}/hooks`;
            },
          }),
        );
      return Response.json(await runScenario(account));
    } catch (error) {
      return failed(error);
    }
  },
};
