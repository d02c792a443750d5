/** workerd: the scenario in a Worker's fetch handler; the account comes in the request's JSON body. */
import { runScenario } from './scenario.mjs';

export default {
  async fetch(request) {
    try {
      const report = await runScenario(await request.json());
      return Response.json(report);
    } catch (error) {
      return Response.json({ error: String(error?.stack ?? error) }, { status: 500 });
    }
  },
};
