/**
 * The dynamic mode's three tools as specs: search the operations, describe one, call one.
 * @module
 */

import type { ModelInfo } from '../discovery/documents/models-feed.js';
import type { Operation } from '../discovery/types.js';
import { briefJson } from '../schema/schema-node.js';
import { modelPriceTable } from '../spend/model-family-prices.js';
import {
  type ApprovalRule,
  type ApprovalVerdict,
  approvalOperation,
  approvalVerdict,
  mayNeedApproval,
} from './approval.js';
import type { EstimateCost } from './cost-approval.js';
import { dynamicToolDefinitions } from './dynamic-tool-definitions.js';
import { invalidArgumentsResult, META_ANNOTATIONS } from './meta-tool-parts.js';
import { createOperationIndex } from './operation-search.js';
import { toProfile } from './schema-profiles/to-profile.js';
import type { ProfiledSchema, SchemaProfile } from './schema-profiles/types.js';
import type { ToolDefinition } from './tool-definitions.js';
import type { DescribeToolOptions } from './tool-description.js';
import type { ToolNames } from './tool-names.js';
import type { ToolResult } from './tool-result.js';
import type { ToolCallContext, ToolSpec } from './tool-spec.js';

/** The names the three dynamic tools go by in one tool set. */
export interface DynamicSpecNames {
  readonly search: string;
  readonly describe: string;
  readonly call: string;
}

interface ProfiledDefinition {
  readonly definition: ToolDefinition;
  readonly profiled: ProfiledSchema;
}

/**
 * The three definitions for `operations`, their schemas shaped for `profile`: what the model is
 * sent. Cheap (no search index): auto mode counts their tokens before it knows which operations
 * they will reach.
 */
export function profiledDynamicDefinitions(
  operations: readonly Operation[],
  names: DynamicSpecNames,
  profile: SchemaProfile,
): ToolDefinition[] {
  return profiledDefinitions(operations, names, profile).map(({ definition, profiled }) => ({
    ...definition,
    inputSchema: profiled.schema,
  }));
}

function profiledDefinitions(
  operations: readonly Operation[],
  names: DynamicSpecNames,
  profile: SchemaProfile,
): ProfiledDefinition[] {
  return dynamicToolDefinitions({ operations, names }).map((definition) => ({
    definition,
    profiled: toProfile(definition.inputSchema, profile),
  }));
}

export interface DynamicToolSpecsOptions {
  /** The operations the dynamic tools reach. */
  readonly operations: readonly Operation[];
  /** The tool names of the operations (a model may give either the name or the id). */
  readonly names: ToolNames;
  readonly dynamicNames: DynamicSpecNames;
  readonly profile: SchemaProfile;
  /** The approval rule, and the estimator a rule by cost asks. */
  readonly approval: { readonly rule: ApprovalRule | undefined; readonly estimateCost: EstimateCost };
  /** How an operation is described by `describe_operation`, as its typed tool would be. */
  readonly describe: (operation: Operation) => DescribeToolOptions;
  /** Runs one checked call of an operation, as its typed tool would. */
  readonly call: (operation: Operation, args: unknown, context?: ToolCallContext) => Promise<ToolResult>;
  /** The model feed, for the price table of `describe_operation`. */
  readonly models: () => Promise<readonly ModelInfo[]>;
  /** Masks the session's secrets in what the tools quote back (a model may type one as a name). */
  readonly redact: (text: string) => string;
}

/** The search, describe and call tools over `options.operations`. */
export function dynamicToolSpecs(options: DynamicToolSpecsOptions): ToolSpec[] {
  const { operations, names, dynamicNames, approval, redact } = options;
  const index = createOperationIndex(operations, {
    names,
    profile: options.profile,
    describe: options.describe,
  });
  const byName = (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const id = names.operationIdOf(value) ?? value;
    return operations.find((operation) => operation.id === id);
  };
  const [search, describe, call] = profiledDefinitions(operations, dynamicNames, options.profile) as [
    ProfiledDefinition,
    ProfiledDefinition,
    ProfiledDefinition,
  ];
  const record = (args: unknown) =>
    typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const unknownOperation = (value: unknown) =>
    invalidArgumentsResult(
      `No operation is called ${redact(briefJson(value, 80))}; use ${dynamicNames.search} to find one.`,
    );
  // The operation `call_operation` names is the one a person approves, at its own cost.
  const callApproval = async (args: unknown): Promise<ApprovalVerdict> => {
    const input = record(call.profiled.restore(args));
    const operation = byName(input.operation);
    if (!operation) return { needed: false };
    const verdict = await approvalVerdict(approval.rule, operation, input.arguments, approval.estimateCost);
    return { ...verdict, runs: approvalOperation(operation) };
  };
  return [
    {
      ...search.definition,
      inputSchema: search.profiled.schema,
      annotations: META_ANNOTATIONS,
      kind: 'search',
      effect: 'read',
      waitsForJobs: false,
      mayNeedApproval: false,
      needsApproval: async () => false,
      async execute(args) {
        const input = record(search.profiled.restore(args));
        if (typeof input.query !== 'string' || input.query.trim() === '')
          return invalidArgumentsResult('query is required: what you want to do, in a few words.');
        const filters = Object.fromEntries(
          (['category', 'version', 'effect'] as const)
            .filter((key) => typeof input[key] === 'string')
            .map((key) => [key, input[key]]),
        );
        const matches = index.search(input.query, {
          limit: typeof input.limit === 'number' ? input.limit : 8,
          filters,
        });
        return {
          ok: true,
          status: 'success',
          operationId: dynamicNames.search,
          outputs: [],
          data: { matches },
        };
      },
    },
    {
      ...describe.definition,
      inputSchema: describe.profiled.schema,
      annotations: META_ANNOTATIONS,
      kind: 'describe',
      effect: 'read',
      waitsForJobs: false,
      mayNeedApproval: false,
      needsApproval: async () => false,
      async execute(args) {
        const input = record(describe.profiled.restore(args));
        const found = typeof input.operation === 'string' ? index.describe(input.operation) : undefined;
        const operation = byName(input.operation);
        if (!found || !operation) return unknownOperation(input.operation);
        const prices = modelPriceTable(operation, await options.models());
        return {
          ok: true,
          status: 'success',
          operationId: dynamicNames.describe,
          outputs: [],
          data: prices.length > 0 ? { ...found, prices } : found,
        };
      },
    },
    {
      ...call.definition,
      inputSchema: call.profiled.schema,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      kind: 'call',
      effect: 'write',
      waitsForJobs: operations.some((operation) => operation.async),
      mayNeedApproval: operations.some((operation) => mayNeedApproval(approval.rule, operation)),
      needsApproval: async (args) => (await callApproval(args)).needed,
      approval: callApproval,
      async execute(args, context) {
        const input = record(call.profiled.restore(args));
        const operation = byName(input.operation);
        if (!operation) return unknownOperation(input.operation);
        return options.call(operation, input.arguments ?? {}, context);
      },
    },
  ];
}
