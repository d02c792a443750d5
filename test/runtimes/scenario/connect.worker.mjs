/**
 * Cold-start bench on workerd: a Worker whose `POST /connect` connects from the saved description
 * in the body, and whose other requests read the same body and answer. workerd stops its clocks
 * while code runs, so the host times both requests (workerd-cold.mjs) and takes the difference.
 */
import { coldConnect } from './cold-connect.mjs';

export default {
  async fetch(request, env) {
    const text = await request.text();
    if (new URL(request.url).pathname === '/connect')
      await coldConnect({ baseUrl: env.GENTK_BASE_URL, apiKey: env.GENTK_API_KEY, text });
    return new Response(String(text.length));
  },
};
