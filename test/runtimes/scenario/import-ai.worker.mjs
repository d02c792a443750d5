/** Cold-start bench on workerd: the baseline Worker, loading `ai` alone. */
import './import-ai.mjs';

export default { fetch: () => new Response(String(globalThis.loadedExports)) };
