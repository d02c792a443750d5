/**
 * generation-agent-toolkit: the core surface.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module
 */

export type {
  ClaimHandler,
  ClaimRequest,
  ConnectAuth,
  ConnectOptions,
  OperationChoice,
  RegisterOptions,
  SessionScopes,
  StoredToken,
  TokenExpiry,
  TokenStore,
  WithheldOperation,
  WithheldReason,
} from './auth/index.js';
export {
  connect,
  FileTokenStore,
  MemoryTokenStore,
  OperationNotOfferedError,
  RegistrationError,
  Session,
} from './auth/index.js';
export type {
  CallOptions,
  CallOutput,
  CallResult,
  CallSuccess,
  KeyPlacement,
  PendingCall,
} from './calls/index.js';
export type {
  ApiSurface,
  AsyncBehaviour,
  AuthorizationMetadata,
  CachedDocument,
  CredentialPlacement,
  DeprecationPolicy,
  DiscoverOptions,
  DiscoveryCache,
  DiscoveryStats,
  DiscoveryWarning,
  HttpMethod,
  InputLocation,
  JsonSchema,
  LlmsTxt,
  McpInspection,
  McpInspector,
  McpReference,
  McpServerInfo,
  ModelInfo,
  Operation,
  OperationEffect,
  OperationInput,
  OperationSelection,
  Runbook,
  RunbookError,
  RunbookField,
  RunbookStep,
  RunbookStepKind,
  ScopeInfo,
  ScopeSource,
  ServiceSnapshot,
  SurfaceLinks,
} from './discovery/index.js';
export {
  DiscoveryDocumentError,
  discover,
  FileDiscoveryCache,
  MemoryDiscoveryCache,
  ServiceDescription,
  UnknownOperationError,
  WELL_KNOWN,
} from './discovery/index.js';
export type {
  Clock,
  HttpClientOptions,
  HttpEvent,
  RateLimitStore,
  RetryOptions,
  ServiceErrorCode,
  ServiceErrorContext,
  ServiceWarning,
} from './http/index.js';
export {
  AuthenticationError,
  ForbiddenError,
  GenerationFailedError,
  InsufficientScopeError,
  MemoryRateLimitStore,
  NetworkError,
  NotFoundError,
  PaymentRequiredError,
  RateLimitedError,
  ResponseFormatError,
  ServerError,
  ServiceError,
  SunsetError,
  TimeoutError,
  UntrustedOriginError,
  ValidationError,
} from './http/index.js';
export type { JobProgress } from './jobs/index.js';
export type {
  ApprovalRule,
  SchemaProfile,
  ToolAnnotations,
  ToolCallContext,
  ToolFailure,
  ToolKind,
  ToolMode,
  ToolPending,
  ToolProgress,
  ToolResult,
  ToolSelection,
  ToolSet,
  ToolSpec,
  ToolSpecOptions,
  ToolSuccess,
} from './tools/index.js';
export { createToolSpecs, DEFAULT_APPROVAL_EFFECTS, errorResult } from './tools/index.js';
export { VERSION } from './version.js';
