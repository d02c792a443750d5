/** Cold-start bench: the baseline, a Worker or edge script that loads `ai` alone. */
import * as ai from 'ai';

const loaded = Object.keys(ai).length;
globalThis.loadedExports = loaded;

export default {
  fetch: () => new Response(String(loaded)),
};
