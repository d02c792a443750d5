/**
 * generation-agent-toolkit/stores: where the toolkit keeps state between calls and processes,
 * beyond the defaults a user never has to name: the discovery caches, the helpers that read a token
 * store (which accounts it holds, whether a token is still usable), the webhook stores (in
 * memory; in Redis when the process receiving a delivery is not the one waiting for it), and the MCP
 * server's task stores (in Redis for a fleet, or a server that must outlive a restart).
 *
 * The token stores a session is given (`FileTokenStore`, `MemoryTokenStore`) are in the root
 * entry; the rate-limit stores are at `/http`, the budget stores at `/spend`. Any new export added
 * here becomes public API, and `api/stores.api.md` shows it as a diff: use named exports.
 *
 * @example
 * ```ts
 * import { discover } from 'generation-agent-toolkit';
 * import { FileDiscoveryCache } from 'generation-agent-toolkit/stores';
 *
 * // A notebook re-run revalidates the service's documents with ETags instead of reading them again.
 * const service = await discover('https://api.example.com', { cache: new FileDiscoveryCache('.gentk-cache') });
 * ```
 * @module generation-agent-toolkit/stores
 */

// The MCP server's jobs and tasks (also at /mcp): no MCP SDK is loaded for them. The event store
// of resumable streams is at /mcp only: its type is the MCP SDK's `EventStore`.
export {
  type McpJobRecord,
  type McpTaskStore,
  MemoryMcpTaskStore,
  type MemoryMcpTaskStoreOptions,
} from './adapters/mcp/mcp-task-store.js';
export { RedisMcpTaskStore, type RedisMcpTaskStoreOptions } from './adapters/mcp/redis-mcp-task-store.js';
export { accountsIn, isUsable, type StoredToken, tokenStoreKey } from './auth/index.js';
// The kinds of the registration runbook's steps, as a snapshot of the service holds them.
export type { RunbookStepKind } from './discovery/index.js';
export {
  type CachedDocument,
  type DiscoveryCache,
  FileDiscoveryCache,
  MemoryDiscoveryCache,
  type ServiceSnapshot,
} from './discovery/index.js';
export {
  MemoryWebhookStore,
  type MemoryWebhookStoreOptions,
  type RedisSubscriber,
  RedisWebhookStore,
  type RedisWebhookStoreOptions,
  type WebhookStore,
  type WebhookTrack,
  type WebhookTrackState,
} from './webhooks/index.js';
