/**
 * The framework-neutral, pure parts of the tools: names, descriptions, input schemas per model
 * family, argument validation, the dynamic mode's search index, the token footprint and the auto
 * mode's selection. Nothing here imports a framework.
 *
 * Any new export added here becomes part of what the session and the adapters build on. Use named
 * exports, not wildcards.
 * @module
 */

export { estimateTokens } from '../tokens/estimate-tokens.js';
export {
  type CountTokens,
  type ExactEncoding,
  estimatingCounter,
  loadTokenCounter,
  type TokenCounter,
  type TokenCountMethod,
  tokenCounterFrom,
} from '../tokens/token-counter.js';
export type { ApprovalOperation, ApprovalRule, ApprovalVerdict } from './approval.js';
export {
  approvalVerdict,
  DEFAULT_APPROVAL_EFFECTS,
  mayNeedApproval,
  needsApproval,
  verdictOf,
} from './approval.js';
export {
  type ArgumentsAmountsFirst,
  approvalArguments,
  argumentsAmountsFirst,
} from './approval-arguments.js';
export { type CostCheck, describeCost, type EstimateCost } from './cost-approval.js';
export type {
  ToolMode,
  ToolSelection,
  ToolSet,
  ToolSetFootprint,
  ToolSpecOptions,
} from './create-tool-specs.js';
export { annotationsOf, createToolSpecs } from './create-tool-specs.js';
export {
  DEFAULT_DYNAMIC_TOOL_NAMES,
  type DynamicToolDefinitionsOptions,
  type DynamicToolNames,
  dynamicToolDefinitions,
} from './dynamic-tool-definitions.js';
export { effectAsksPerson, effectSentence, effectWords, type WordedEffect } from './effect-wording.js';
export { errorResult } from './error-result.js';
export {
  DEFAULT_OPERATION_PRIORITY,
  fetchOperationsLast,
  generationFirst,
  newerVersionFirst,
  nonDeprecatedFirst,
  type OperationComparator,
  readFirst,
  sortByPriority,
} from './operation-priority.js';
export {
  type CreateOperationIndexOptions,
  createOperationIndex,
  type OperationDescription,
  type OperationIndex,
  type OperationSearchEntry,
  type OperationSearchFilters,
  type OperationSearchOptions,
} from './operation-search.js';
export { type ReturnedContent, returnedContent } from './returned-content.js';
export {
  type CleanSchemaOptions,
  type ProfiledSchema,
  profileProblems,
  SCHEMA_PROFILES,
  type SchemaProfile,
  type ToProfileOptions,
  toProfile,
} from './schema-profiles/index.js';
export {
  type BudgetSelection,
  type SelectWithinBudgetOptions,
  selectWithinBudget,
} from './select-within-budget.js';
export {
  type NaiveToolFootprintOptions,
  naiveToolFootprint,
  serialiseToolDefinition,
  type ToolFootprint,
  type ToolFootprintOptions,
  type ToolWireFormat,
  toolFootprint,
  WIRE_FORMAT_OF_PROFILE,
} from './token-footprint.js';
export {
  TOOL_COUNT_LIMITS,
  type ToolCountLimit,
  type ToolSetWarning,
  toolCountWarning,
} from './tool-count-limits.js';
export {
  type ToolDefinition,
  type TypedToolDefinition,
  type TypedToolDefinitionsOptions,
  typedToolDefinitions,
} from './tool-definitions.js';
export { DEFAULT_RESUME_TOOL_NAME, type DescribeToolOptions, describeTool } from './tool-description.js';
export { ToolNameError } from './tool-name-error.js';
export {
  type AssignToolNamesOptions,
  assignToolNames,
  TOOL_NAME_PATTERN,
  type ToolNames,
} from './tool-names.js';
export type {
  BudgetRefusal,
  ShapeOptions,
  ToolFailure,
  ToolPending,
  ToolResult,
  ToolSuccess,
} from './tool-result.js';
export { pendingResult, successResult } from './tool-result.js';
export type { ToolAnnotations, ToolCallContext, ToolKind, ToolProgress, ToolSpec } from './tool-spec.js';
export { checkToolOptions, TOOL_SPEC_OPTION_KEYS, toolSpecOptionsOf } from './tool-spec-option-keys.js';
export type { ReturnedSecret } from './withhold-secrets.js';
