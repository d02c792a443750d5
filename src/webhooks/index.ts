/**
 * Job results by webhook, with polling as the fallback.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module
 */
export {
  createWebhookReceiver,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './create-webhook-receiver.js';
export { MemoryWebhookStore, type MemoryWebhookStoreOptions } from './memory-webhook-store.js';
export type { NodeHandler } from './node-handler.js';
export {
  type RedisSubscriber,
  RedisWebhookStore,
  type RedisWebhookStoreOptions,
} from './redis-webhook-store.js';
export type { WebhookStore, WebhookTrack, WebhookTrackState } from './webhook-store.js';
