export type { CachedDocument, DiscoveryCache } from './cache.js';
export { FileDiscoveryCache, MemoryDiscoveryCache } from './cache.js';
export type { DiscoverOptions } from './discover.js';
export { discover, WELL_KNOWN } from './discover.js';
export { rejectUnknownDiscoverOptions } from './discover-option-keys.js';
export type { DiscoveryLimits } from './discovery-limits.js';
export { DEFAULT_DISCOVERY_LIMITS } from './discovery-limits.js';
export type {
  Runbook,
  RunbookError,
  RunbookField,
  RunbookStep,
  RunbookStepKind,
} from './documents/auth-runbook.js';
export type { DeprecationPolicy, VersionLifecycle } from './documents/deprecation-policy.js';
export type { LlmsTxt, LlmsTxtLink } from './documents/llms-txt.js';
export type { McpServerInfo } from './documents/mcp-manifest.js';
export type { ModelInfo } from './documents/models-feed.js';
export type { AuthorizationMetadata } from './documents/oauth-metadata.js';
export { DiscoveryDocumentError } from './errors.js';
export type { McpInspection, McpInspectionContext, McpInspector } from './mcp-inspector.js';
export type { OpenApiLimits } from './openapi/openapi-limits.js';
export type { PublishedRateLimit } from './published-rate-limits.js';
export type { SavedOperation } from './saved-description.js';
export type { ScopeInfo, ScopeSource } from './scopes.js';
export type {
  DiscoveryStats,
  McpReference,
  OperationSelection,
  SavedServiceDescription,
  SaveOptions,
  ServiceDescriptionData,
  ServiceSnapshot,
} from './service-description.js';
export { ServiceDescription } from './service-description.js';
export { ServiceUnreachableError } from './service-unreachable-error.js';
export type * from './types.js';
export { closeMatches, UnknownOperationError } from './unknown-operation-error.js';
