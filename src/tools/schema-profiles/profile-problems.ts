/**
 * The rules of each model family as one checker, for tests and for a caller who wants to know
 * before sending.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { anthropicProblems } from './anthropic-rules.js';
import { defaultProblems } from './default-rules.js';
import { geminiProblems } from './gemini-rules.js';
import { openAiStrictProblems } from './openai-strict-rules.js';
import type { SchemaProfile } from './types.js';

/**
 * What in `schema` breaks the rules of `profile`, one readable line each (`/properties/width:
 * keyword minLength is not supported`); empty when the family accepts it. Checks the family's
 * documented rules, not that the schema compiles: compile it with Ajv for that.
 */
export function profileProblems(schema: JsonSchema, profile: SchemaProfile): string[] {
  switch (profile) {
    case 'default':
      return defaultProblems(schema);
    case 'openai-strict':
      return openAiStrictProblems(schema);
    case 'gemini':
      return geminiProblems(schema);
    case 'anthropic':
      return anthropicProblems(schema);
  }
}
