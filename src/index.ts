/**
 * generation-agent-toolkit: the core surface.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module generation-agent-toolkit
 */

// Issue 16 (h1): names gentk (packages/cli) imports, which no entry offered before.
export { handlesCredentials } from './auth/credential-operations.js';
export type {
  ChoiceSelector,
  ClaimHandler,
  ClaimRequest,
  ConnectAuth,
  ConnectOptions,
  OperationChoice,
  RegisterOptions,
  RegistrationStep,
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
  UnknownChoiceError,
} from './auth/index.js';
// Issue 16 (h1): names gentk (packages/cli) imports, which no entry offered before.
export { chooseOperations } from './auth/operation-choice.js';
// Issue 16 (h1): names gentk (packages/cli) imports, which no entry offered before.
export { accountsIn, isUsable, tokenStoreKey } from './auth/token-store.js';
export type {
  CallContext,
  CallOptions,
  CallOutput,
  CallResult,
  CallSuccess,
  KeyPlacement,
  PendingCall,
} from './calls/index.js';
export { InvalidArgumentsError } from './calls/index.js';
export type {
  ApiSurface,
  AsyncBehaviour,
  AuthorizationMetadata,
  CachedDocument,
  CredentialPlacement,
  DeprecationPolicy,
  DiscoverOptions,
  DiscoveryCache,
  DiscoveryLimits,
  DiscoveryStats,
  DiscoveryWarning,
  HttpMethod,
  InputLocation,
  JsonSchema,
  LlmsTxt,
  LlmsTxtLink,
  McpInspection,
  McpInspectionContext,
  McpInspector,
  McpReference,
  McpServerInfo,
  ModelInfo,
  OpenApiLimits,
  Operation,
  OperationEffect,
  OperationInput,
  OperationSelection,
  PublishedRateLimit,
  Runbook,
  RunbookError,
  RunbookField,
  RunbookStep,
  RunbookStepKind,
  ScopeInfo,
  ScopeSource,
  ServiceDescriptionData,
  ServiceSnapshot,
  SurfaceLinks,
  VersionLifecycle,
} from './discovery/index.js';
export {
  DEFAULT_DISCOVERY_LIMITS,
  DiscoveryDocumentError,
  discover,
  FileDiscoveryCache,
  MemoryDiscoveryCache,
  ServiceDescription,
  ServiceUnreachableError,
  UnknownOperationError,
  WELL_KNOWN,
} from './discovery/index.js';
export type { GenerationToolkitErrorCode, LibraryErrorCode } from './errors/index.js';
export { GenerationToolkitError, UnknownOptionError, UsageError } from './errors/index.js';
export type {
  BucketState,
  CallEvent,
  Clock,
  ConnectionFailure,
  ConnectionFailureKind,
  CountedRequests,
  CredentialPlacement as RequestCredentialPlacement,
  CredentialRef,
  CredentialSource,
  FetchFunction,
  FieldProblem,
  HttpClientOptions,
  HttpEvent,
  HttpEventHandler,
  HttpMethod as RequestMethod,
  HttpRequest,
  HttpResponse,
  Idempotency,
  JobSlot,
  PermitOutcome,
  PublishedQuota,
  RateLimitGovernorOptions,
  RateLimitObservation,
  RateLimitPermit,
  RateLimitStore,
  RawHeaders,
  Redactor,
  RedactorOptions,
  RedisCommandClient,
  RedisRateLimitStoreOptions,
  ResponseHeaders,
  RetryOptions,
  ServiceErrorCode,
  ServiceErrorContext,
  ServiceWarning,
  SessionHttpOptions,
  StreamMasker,
  ThrottleWait,
  Transport,
  TransportRequest,
  TransportResponse,
  VersionedBucketState,
} from './http/index.js';
export {
  AuthenticationError,
  ForbiddenError,
  GenerationFailedError,
  HttpClient,
  InsufficientScopeError,
  MemoryRateLimitStore,
  NetworkError,
  NotFoundError,
  PaymentRequiredError,
  RateLimitedError,
  RateLimitGovernor,
  RateLimitStoreError,
  RedisRateLimitStore,
  ResponseFormatError,
  ResponseTooLargeError,
  ResponseTooLargeFailure,
  ServerError,
  ServiceError,
  SunsetError,
  ThrottleDeadlineError,
  TimeoutError,
  TransportFailure,
  UnexpectedRedirectError,
  UnsafeAnswerError,
  UntrustedOriginError,
  ValidationError,
} from './http/index.js';
// Issue 16 (h1): names gentk (packages/cli) imports, which no entry offered before; they belong with
// the HTTP core's redaction (the `/http` subpath, once it exists).
export { isSecretField, REDACTED } from './http/redact.js';
export type { FetchTarget, JobProgress, PollSchedule } from './jobs/index.js';
export type { ArgumentProblem } from './schema/index.js';
// issue 17 (store): the shared budget store and its error, and approval by cost
// (`approval: { costAbove }`): the verdict and cost check the adapters' questions show.
// The names marked "contract" are the shared contract of issue 17 (src/spend/), which the
// estimator's block exports too: keep one export of each when both blocks meet.
export type {
  BudgetStore, // contract
  BudgetStoreErrorOptions,
  BudgetStoreOperation,
  BudgetTotals, // contract
  CostEstimate, // contract
  MemoryBudgetStoreOptions,
  Micros, // contract
  PricedEstimate, // contract
  RedisBudgetStoreOptions,
  ReserveOutcome, // contract
  UnknownEstimate, // contract
} from './spend/index.js';
export {
  BudgetStoreError,
  fromMicros, // contract
  MemoryBudgetStore, // contract
  RedisBudgetStore,
  toMicros, // contract
} from './spend/index.js';
export type { ApprovalVerdict } from './tools/approval.js';
// Issue 16 (h1): names gentk (packages/cli) imports, which no entry offered before.
export { needsApproval } from './tools/approval.js';
export { type CostCheck, describeCost, type EstimateCost } from './tools/cost-approval.js';
// Issue 16 (install weight): what a tool set's footprint says, counted exactly or estimated.
export type { ToolSetFootprint } from './tools/create-tool-specs.js';
export type {
  ApprovalRule,
  CountTokens,
  ReturnedSecret,
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
  ToolSetWarning,
  ToolSpec,
  ToolSpecOptions,
  ToolSuccess,
} from './tools/index.js';
export { createToolSpecs, DEFAULT_APPROVAL_EFFECTS, errorResult, ToolNameError } from './tools/index.js';
// Issue 16 (install weight): the token counter, exact with the optional peer gpt-tokenizer, estimated without it.
export { loadTokenCounter, type TokenCounter, type TokenCountMethod } from './tools/token-counter.js';
export { VERSION } from './version.js';
