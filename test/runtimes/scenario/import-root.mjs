/** Cold-start bench: a Worker or edge script that loads the root entry and nothing else. */
import * as toolkit from 'generation-agent-toolkit';

const loaded = Object.keys(toolkit).length;
globalThis.loadedExports = loaded;

export default {
  fetch: () => new Response(String(loaded)),
};
