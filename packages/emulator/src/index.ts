/**
 * The emulator of the whole service on loopback: `generation-agent-toolkit-emulator`.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module generation-agent-toolkit-emulator
 */

export type { GenerationCategory } from './catalogue/types.js';
export type { EmulatorClock } from './clock.js';
export { ManualClock, SystemClock } from './clock.js';
export type { AccountSnapshot, Emulator, EmulatorAccount } from './emulator.js';
export { startEmulator } from './emulator.js';
export type { WebhookFaults } from './generation/webhook-faults.js';
export type { WebhookDelivery } from './generation/webhooks.js';
export type { FaultController, JobFate } from './http/faults.js';
// The model catalogue the emulator publishes in its feed and charges by: a test compares estimates with it.
export { type CatalogueModel, findModel, MODELS } from './models.js';
export type {
  EmulatorFaults,
  EmulatorOptions,
  EmulatorQuirks,
  FaultKind,
  FaultRule,
  RateLimitPolicyName,
  RateLimitQuota,
  ServiceDuration,
} from './options.js';
export type { MailMessage } from './state/records.js';
