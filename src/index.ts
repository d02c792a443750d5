/**
 * generation-agent-toolkit: what a user of discovery, sessions, tools and errors needs.
 *
 * Any new export added here becomes public API, and `api/index.api.md` shows it as a diff: use
 * named exports, not wildcards. The HTTP core's extension points (transports, rate-limit stores,
 * the governor, `governedTransport`) and the error classes of its answers are at
 * `generation-agent-toolkit/http`; the machinery behind them stays internal.
 *
 * What is here: discovery (`discover`, `ServiceDescription`, `Operation`, the discovery caches),
 * sessions (`connect`, `Session`, token stores and the helpers that read them, the calls' options
 * and results), the framework-neutral tools (`createToolSpecs`; the `/ai-sdk`, `/langchain` and
 * `/mcp` entries wrap them) and the errors of the toolkit's own layers with their base classes.
 * The service's answers are all `ServiceError`s: switch on `code`, or import the subclass of one
 * kind of failure from `/http` to read its own fields.
 * @module generation-agent-toolkit
 */

export type {
  ClaimHandler,
  ConnectAuth,
  ConnectOptions,
  OperationChoice,
  RegisterOptions,
  StoredToken,
  TokenStore,
  WithheldOperation,
} from './auth/index.js';
export {
  accountsIn,
  chooseOperations,
  connect,
  FileTokenStore,
  handlesCredentials,
  isUsable,
  MemoryTokenStore,
  OperationNotOfferedError,
  RegistrationError,
  Session,
  tokenStoreKey,
  UnknownChoiceError,
} from './auth/index.js';
export type { CallOptions, CallResult, PendingCall } from './calls/index.js';
export { InvalidArgumentsError } from './calls/index.js';
export type {
  CachedDocument,
  DiscoverOptions,
  DiscoveryCache,
  Operation,
  OperationEffect,
  ServiceSnapshot,
} from './discovery/index.js';
export {
  DiscoveryDocumentError,
  discover,
  FileDiscoveryCache,
  MemoryDiscoveryCache,
  ServiceDescription,
  ServiceUnreachableError,
  UnknownOperationError,
} from './discovery/index.js';
export type { GenerationToolkitErrorCode } from './errors/index.js';
export { GenerationToolkitError, UnknownOptionError, UsageError } from './errors/index.js';
export type { ServiceWarning } from './http/index.js';
export { ServiceError } from './http/index.js';
export type { JobProgress } from './jobs/index.js';
// Issue 17 (store): the shared budget store and its error, and approval by cost.
export type {
  BudgetStore,
  BudgetStoreOperation,
  BudgetTotals,
  CostEstimate,
  MemoryBudgetStoreOptions,
  Micros,
  PricedEstimate,
  RedisBudgetStoreOptions,
  ReserveOutcome,
  UnknownEstimate,
} from './spend/index.js';
export {
  BudgetStoreError,
  fromMicros,
  MemoryBudgetStore,
  RedisBudgetStore,
  toMicros,
} from './spend/index.js';
export type { ApprovalVerdict } from './tools/approval.js';
export { type CostCheck, describeCost, type EstimateCost } from './tools/cost-approval.js';
// Issue 16 (install weight): the token counter, exact with the optional peer gpt-tokenizer, estimated without it.
export type { ToolSetFootprint } from './tools/create-tool-specs.js';
export type {
  ApprovalRule,
  SchemaProfile,
  ToolMode,
  ToolResult,
  ToolSet,
  ToolSpec,
  ToolSpecOptions,
} from './tools/index.js';
export { createToolSpecs, needsApproval, ToolNameError } from './tools/index.js';
export { loadTokenCounter, type TokenCounter, type TokenCountMethod } from './tools/token-counter.js';
export { VERSION } from './version.js';

// Issue 18: job results by webhook, with polling as the fallback.
export type {
  MemoryWebhookStoreOptions,
  NodeHandler,
  RedisSubscriber,
  RedisWebhookStoreOptions,
  WebhookReceiver,
  WebhookReceiverOptions,
  WebhookStore,
  WebhookTrack,
  WebhookTrackState,
} from './webhooks/index.js';
export { createWebhookReceiver, MemoryWebhookStore, RedisWebhookStore } from './webhooks/index.js';
