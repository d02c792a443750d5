/**
 * The framework-neutral definition of a typed tool: a name, a description and an input schema
 * shaped for a model family. What the adapters and the token count both start from.
 * @module
 */

import type { JsonSchema, Operation } from '../discovery/types.js';
import { actsOn, genericOperationIds } from './generic-operation-ids.js';
import { operationForModel } from './model-callbacks.js';
import { toProfile } from './schema-profiles/to-profile.js';
import type { SchemaProfile } from './schema-profiles/types.js';
import { type DescribeToolOptions, describeTool } from './tool-description.js';
import { ToolNameError } from './tool-name-error.js';
import { type AssignToolNamesOptions, assignToolNames, type ToolNames } from './tool-names.js';

/** What a framework sends a model about one tool. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}

/** A tool definition for one operation, with the way back from the model's arguments. */
export interface TypedToolDefinition extends ToolDefinition {
  readonly operationId: string;
  /** Maps the model's arguments back to the canonical shape; see `ProfiledSchema.restore`. */
  readonly restore: (args: unknown) => unknown;
}

export interface TypedToolDefinitionsOptions {
  /**
   * The model family the input schemas are shaped for.
   * @default 'default'
   */
  readonly profile?: SchemaProfile;
  /** Names already assigned (to share them with other tools); assigned with `naming` otherwise. */
  readonly names?: ToolNames;
  /** How to name the tools when `names` is not given. */
  readonly naming?: AssignToolNamesOptions;
  /** Description options, the same for every tool or per operation (e.g. approval by effect). */
  readonly describe?: DescribeToolOptions | ((operation: Operation) => DescribeToolOptions);
}

/** One typed tool definition per operation, in the order given. Pure. */
export function typedToolDefinitions(
  operations: readonly Operation[],
  options: TypedToolDefinitionsOptions = {},
): TypedToolDefinition[] {
  const names = options.names ?? assignToolNames(operations, options.naming);
  const profile = options.profile ?? 'default';
  const generic = genericOperationIds(operations);
  return operations.map((operation) => {
    const name = names.nameOf(operation.id);
    if (name === undefined)
      throw new ToolNameError(`No tool name was assigned to the operation '${operation.id}'.`);
    const describeOptions = {
      ...(typeof options.describe === 'function' ? options.describe(operation) : options.describe),
      ...(generic.has(operation.id) ? { actsOn: actsOn(operation) } : {}),
    };
    // What a model is shown: no callback field, and the service's texts bounded (model-callbacks.ts).
    const profiled = toProfile(operationForModel(operation, false).input.schema, profile);
    return {
      operationId: operation.id,
      name,
      description: describeTool(operation, describeOptions),
      inputSchema: profiled.schema,
      restore: profiled.restore,
    };
  });
}
