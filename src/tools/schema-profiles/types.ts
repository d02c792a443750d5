/**
 * The model families a tool's input schema can be shaped for.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';

/**
 * - `default`: the canonical JSON Schema 2020-12, cleaned of what no model reads.
 * - `openai-strict`: OpenAI strict function calling / Structured Outputs.
 * - `gemini`: Gemini function declarations, as the JSON Schema they take in `parametersJsonSchema`.
 * - `anthropic`: Anthropic tool `input_schema`.
 *
 * @example
 * const tools = createToolSpecs(session, { schema: 'openai-strict' }); // strict mode's subset of JSON Schema
 */
export type SchemaProfile = 'default' | 'openai-strict' | 'gemini' | 'anthropic';

export const SCHEMA_PROFILES: readonly SchemaProfile[] = ['default', 'openai-strict', 'gemini', 'anthropic'];

/** A tool's input schema for one family, and the way back to the canonical shape. */
export interface ProfiledSchema {
  readonly profile: SchemaProfile;
  /** The schema to give the framework or model. */
  readonly schema: JsonSchema;
  /**
   * Maps arguments a model wrote against `schema` back to the canonical shape (drops the nulls
   * strict mode forced onto optional fields, renames, turns enum texts back into numbers, parses
   * values asked for as JSON text). Never throws; validate the result with the canonical schema.
   */
  restore(args: unknown): unknown;
}
