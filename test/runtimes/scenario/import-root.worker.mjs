/**
 * Cold-start bench on workerd: a Worker that loads the root entry and answers. (A separate file:
 * Bun serves a script whose default export has `fetch`, and the import figures must exit.)
 */
import './import-root.mjs';

export default { fetch: () => new Response(String(globalThis.loadedExports)) };
