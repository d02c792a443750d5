/**
 * One canonical input schema shaped for a model family.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { type CleanSchemaOptions, cleanSchema } from '../../schema/clean-schema.js';
import { foldRootAlternatives } from './fold-root-alternatives.js';
import { toGemini } from './gemini-profile.js';
import { withObjectRoot } from './object-root.js';
import { toOpenAiStrict } from './openai-strict-profile.js';
import { KEEP, type RestorePlan, restoreWith } from './restore-plan.js';
import type { ProfiledSchema, SchemaProfile } from './types.js';

export type ToProfileOptions = CleanSchemaOptions;

/**
 * `schema` (an operation's canonical input schema) shaped for `profile`, with `restore` to map the
 * model's arguments back. Pure: the same schema gives the same result, and `schema` is not changed.
 *
 * @example
 * const { schema, restore } = toProfile(operation.input.schema, 'openai-strict');
 * // send `schema` as the function's parameters; when the model calls it:
 * const args = restore(JSON.parse(toolCall.arguments));
 */
export function toProfile(
  schema: JsonSchema,
  profile: SchemaProfile,
  options: ToProfileOptions = {},
): ProfiledSchema {
  const cleaned = cleanSchema(schema, options);
  const { schema: shaped, plan } = shape(cleaned, profile);
  return { profile, schema: shaped, restore: (args) => restoreWith(plan, args) };
}

function shape(cleaned: JsonSchema, profile: SchemaProfile): { schema: JsonSchema; plan: RestorePlan } {
  switch (profile) {
    case 'default':
      return { schema: withObjectRoot(cleaned), plan: KEEP };
    case 'anthropic':
      return { schema: foldRootAlternatives(cleaned), plan: KEEP };
    case 'openai-strict':
      return toOpenAiStrict(foldRootAlternatives(cleaned));
    case 'gemini':
      return toGemini(foldRootAlternatives(cleaned));
  }
}
