/**
 * How many tokens tool definitions cost a model, counted in o200k_base tokens (the encoding of
 * OpenAI's current models) on the JSON a framework sends.
 * @module
 */

import type { JsonSchema, Operation } from '../discovery/types.js';
import type { SchemaProfile } from './schema-profiles/types.js';
import type { CountTokens } from './token-counter.js';
import type { ToolDefinition } from './tool-definitions.js';

/**
 * How the tools travel to the model, which decides the JSON that is counted:
 * - `openai`: `{ type: "function", function: { name, description, parameters } }`
 * - `anthropic`: `{ name, description, input_schema }`
 * - `gemini`: `{ name, description, parameters }` (a function declaration)
 */
export type ToolWireFormat = 'openai' | 'anthropic' | 'gemini';

/**
 * The wire format each schema profile's tools travel in: the profile names the family, and the
 * family its request shape. `default` goes as OpenAI's, the shape most frameworks send.
 */
export const WIRE_FORMAT_OF_PROFILE: Readonly<Record<SchemaProfile, ToolWireFormat>> = {
  default: 'openai',
  'openai-strict': 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
};

export interface ToolFootprint {
  /** Tokens of all the definitions sent together. */
  readonly tokens: number;
  readonly tools: number;
  /** Tokens of each definition alone, in the order given. */
  readonly perTool: readonly { readonly name: string; readonly tokens: number }[];
}

export interface ToolFootprintOptions {
  /** From {@link loadTokenCounter}, or any counter (a test's, another encoding's). */
  readonly countTokens: CountTokens;
  /** @default 'openai' */
  readonly wire?: ToolWireFormat;
}

/** The JSON of one tool definition as `wire` sends it. */
export function serialiseToolDefinition(tool: ToolDefinition, wire: ToolWireFormat = 'openai'): string {
  return JSON.stringify(wireShape(tool, wire));
}

/** The token footprint of `tools`. Pure given the counter. */
export function toolFootprint(
  tools: readonly ToolDefinition[],
  options: ToolFootprintOptions,
): ToolFootprint {
  const wire = options.wire ?? 'openai';
  const perTool = tools.map((tool) => ({
    name: tool.name,
    tokens: options.countTokens(serialiseToolDefinition(tool, wire)),
  }));
  const tokens =
    tools.length === 0 ? 0 : options.countTokens(JSON.stringify(tools.map((tool) => wireShape(tool, wire))));
  return { tokens, tools: tools.length, perTool };
}

export interface NaiveToolFootprintOptions extends ToolFootprintOptions {
  /**
   * Each operation's request schema as its OpenAPI document publishes it (parameters and body,
   * everything kept), by operation id. An operation missing here is counted with its canonical
   * input schema.
   */
  readonly rawInputSchemas?: ReadonlyMap<string, JsonSchema>;
}

/**
 * What a naive converter sends for `operations`: one tool per operation, named by its id, with
 * the summary and the whole documented description, and the raw request schema. The baseline
 * the toolkit's typed, dynamic and auto modes are compared with.
 */
export function naiveToolFootprint(
  operations: readonly Operation[],
  options: NaiveToolFootprintOptions,
): ToolFootprint {
  const tools = operations.map((operation) => ({
    name: operation.id,
    description: [operation.summary, operation.description].filter(Boolean).join('\n\n'),
    inputSchema: options.rawInputSchemas?.get(operation.id) ?? operation.input.schema,
  }));
  return toolFootprint(tools, options);
}

function wireShape(tool: ToolDefinition, wire: ToolWireFormat): unknown {
  switch (wire) {
    case 'openai':
      return {
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      };
    case 'anthropic':
      return { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
    case 'gemini':
      return { name: tool.name, description: tool.description, parameters: tool.inputSchema };
  }
}
