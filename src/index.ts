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
  TokenStore,
  WithheldOperation,
} from './auth/index.js';
export {
  chooseOperations,
  connect,
  FileTokenStore,
  handlesCredentials,
  MemoryTokenStore,
  OperationNotOfferedError,
  RegistrationError,
  Session,
  UnknownChoiceError,
} from './auth/index.js';
// Issue 17: spend control, what a call costs and the budget it cannot pass (the budget stores, the
// estimator and approval by cost are at `generation-agent-toolkit/spend`).
export type { CostedCallResult } from './auth/session.js';
// A type of this entry's declarations is exported by this entry, so that they import it from a
// chunk of their own rather than from another entry, which could bring that entry's framework.
export type { CallOptions, CallResult, KeyPlacement, PendingCall } from './calls/index.js';
export { InvalidArgumentsError } from './calls/index.js';
export type {
  DiscoverOptions,
  McpInspector,
  Operation,
  OperationEffect,
  SavedOperation,
  SavedServiceDescription,
} from './discovery/index.js';
export {
  DiscoveryDocumentError,
  discover,
  ServiceDescription,
  ServiceUnreachableError,
  UnknownOperationError,
} from './discovery/index.js';
export type { GenerationToolkitErrorCode } from './errors/index.js';
export { GenerationToolkitError, UnknownOptionError, UsageError } from './errors/index.js';
export type { ServiceWarning } from './http/index.js';
export { ServiceError } from './http/index.js';
export type { JobProgress } from './jobs/index.js';
export {
  BudgetExceededError,
  type BudgetOptions,
  type CallCost,
  type CostEstimate,
  type SpendReport,
} from './spend/index.js';
export type { Telemetry } from './telemetry/telemetry.js';
// The token counter, exact with the optional peer gpt-tokenizer, estimated without it.
export { loadTokenCounter, type TokenCounter, type TokenCountMethod } from './tokens/token-counter.js';
export type { ToolSetFootprint } from './tools/create-tool-specs.js';
export type {
  ApprovalRule,
  ArgumentsAmountsFirst,
  SchemaProfile,
  ToolMode,
  ToolResult,
  ToolSet,
  ToolSpec,
  ToolSpecOptions,
} from './tools/index.js';
// Issue 22: the one ordering of every approval question (amounts and counts first, never cut),
// and the one wording of what a call does (moves money, deletes, handles credentials), shared by
// every adapter's question and gentk's confirmation.
export {
  approvalArguments,
  argumentsAmountsFirst,
  createToolSpecs,
  effectWords,
  needsApproval,
  ToolNameError,
} from './tools/index.js';
export { VERSION } from './version.js';

// Issue 18: job results by webhook, with polling as the fallback (the webhook stores are at
// `generation-agent-toolkit/stores`).
export {
  createWebhookReceiver,
  type NodeHandler,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './webhooks/index.js';
