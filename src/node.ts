/**
 * generation-agent-toolkit/node: what needs a file system or Node's HTTP server, kept out of the
 * core entries so that those load on runtimes without Node's modules (workerd, edge runtimes).
 * The file stores work on Node, Deno and Bun; they load Node's modules at their first use.
 *
 * `FileTokenStore` is also exported by the root entry and `FileDiscoveryCache` by `/stores`, as
 * before; this entry is their home for a program that runs on Node only.
 *
 * @example
 * ```ts
 * import { connect } from 'generation-agent-toolkit';
 * import { FileDiscoveryCache, FileTokenStore } from 'generation-agent-toolkit/node';
 *
 * const session = await connect({
 *   baseUrl: 'https://api.example.com',
 *   auth: { email: 'agent@example.com', password: 'secret' },
 *   tokenStore: new FileTokenStore('./agent-tokens.json'),
 *   discovery: { cache: new FileDiscoveryCache('./.gentk-cache') },
 * });
 * ```
 * @module generation-agent-toolkit/node
 */

export { FileTokenStore } from './auth/index.js';
export { FileDiscoveryCache } from './discovery/index.js';
export type { NodeHandler } from './webhooks/index.js';
