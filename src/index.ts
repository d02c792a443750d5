/**
 * generation-agent-toolkit: the core surface.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module
 */

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
export { VERSION } from './version.js';
