/**
 * The definitions of the dynamic mode's three meta-tools: search the operations, describe one,
 * call one. Their footprint stays the same whatever the number of operations.
 * @module
 */

import type { Operation } from '../discovery/types.js';
import type { ToolDefinition } from './tool-definitions.js';

/** The names of the dynamic tools. */
export interface DynamicToolNames {
  /** @default 'search_operations' */
  readonly search?: string;
  /** @default 'describe_operation' */
  readonly describe?: string;
  /** @default 'call_operation' */
  readonly call?: string;
}

export const DEFAULT_DYNAMIC_TOOL_NAMES = {
  search: 'search_operations',
  describe: 'describe_operation',
  call: 'call_operation',
} as const;

export interface DynamicToolDefinitionsOptions {
  /** The operations the tools reach: their categories and versions become the search filters. */
  readonly operations: readonly Operation[];
  readonly names?: DynamicToolNames;
}

/** The three definitions, with canonical (default-profile) input schemas. Pure. */
export function dynamicToolDefinitions(options: DynamicToolDefinitionsOptions): ToolDefinition[] {
  const names = { ...DEFAULT_DYNAMIC_TOOL_NAMES, ...options.names };
  const categories = distinct(options.operations.map((operation) => operation.category));
  const versions = distinct(options.operations.map((operation) => operation.version));
  const filter = (values: string[], what: string) =>
    values.length > 0
      ? { type: 'string', enum: values, description: `Only operations of this ${what}.` }
      : undefined;
  const searchProperties: Record<string, unknown> = {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description: 'What you want to do, in a few words: "make a video from text", "wallet balance".',
    },
  };
  const category = filter(categories, 'category');
  if (category) searchProperties.category = category;
  const version = filter(versions, 'API version');
  if (version) searchProperties.version = version;
  searchProperties.effect = {
    type: 'string',
    enum: ['read', 'write', 'money', 'destructive'],
    description: 'Only operations with this effect.',
  };
  searchProperties.limit = {
    type: 'integer',
    minimum: 1,
    maximum: 20,
    default: 8,
    description: 'Most results to return.',
  };
  const operationName = {
    type: 'string',
    minLength: 1,
    description: `The operation's name, as ${names.search} gave it.`,
  };
  return [
    {
      name: names.search,
      description: `Find operations of the generation service (images, video, audio, 3D, LLM, account, billing) by what you want to do. Returns the best matches: name, summary, category, effect, and whether it waits for a job. Then call ${names.describe} for one's arguments, and ${names.call} to run it.`,
      inputSchema: { type: 'object', properties: searchProperties, required: ['query'] },
    },
    {
      name: names.describe,
      description: `Describe one operation found by ${names.search}: what it does, what it costs or changes, and the JSON Schema of its arguments.`,
      inputSchema: {
        type: 'object',
        properties: {
          operation: operationName,
        },
        required: ['operation'],
      },
    },
    {
      name: names.call,
      description: `Run one operation with arguments matching the schema from ${names.describe}. The arguments are checked first; a job is waited for; an operation that moves money or deletes may ask a person for approval.`,
      inputSchema: {
        type: 'object',
        properties: {
          operation: operationName,
          arguments: {
            type: 'object',
            description: "The operation's arguments, as its schema describes them.",
          },
        },
        required: ['operation', 'arguments'],
      },
    },
  ];
}

function distinct(values: readonly (string | undefined)[]): string[] {
  return [
    ...new Set(values.filter((value): value is string => typeof value === 'string' && value !== '')),
  ].sort();
}
