/**
 * Production refuses a `model_id` it does not know (`model_not_found`, with the closest ids): the
 * emulator does the same on every operation that takes one, so that an agent tested here meets
 * the refusal of a mistyped model before it meets production.
 * @module
 */

import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { closeMatches } from '../control-plane/close-matches.js';
import { findModel, MODELS } from '../models.js';
import type { Account } from '../state/records.js';
import { generationError } from './respond.js';
import { trainedModelId } from './training.js';

/** The fields that name a model of the feed: the model to run, and the model a training starts from. */
const MODEL_FIELDS = ['model_id', 'base_model'] as const;

const modelFieldsOf = (operation: GenerationOperation): string[] =>
  MODEL_FIELDS.filter((field) => [...operation.required, ...operation.optional].includes(field));

/** A model the account may name: one of the feed's, or one it trained. */
function isKnownModel(ctx: EmulatorContext, account: Account, modelId: string): boolean {
  if (findModel(modelId)) return true;
  return (
    ctx.jobs.list(
      account.id,
      (job) => job.operation.category === 'training' && trainedModelId(job) === modelId,
    ).length > 0
  );
}

/** Up to three ids to suggest: the closest spellings, else models of the operation's category. */
function suggestionsFor(operation: GenerationOperation, modelId: string): string[] {
  const ids = MODELS.map((model) => model.modelId);
  const close = closeMatches(modelId, ids);
  if (close.length > 0) return close;
  const sameCategory = MODELS.filter((model) => model.category === operation.category);
  return (sameCategory.length > 0 ? sameCategory : MODELS).slice(0, 3).map((model) => model.modelId);
}

/**
 * The refusal of an unknown `model_id` or `base_model` (404 `model_not_found`, naming the closest
 * ids), or undefined when the operation takes no model or names known ones.
 */
export function refuseUnknownModel(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  account: Account,
  input: Record<string, unknown>,
): Response | undefined {
  for (const field of modelFieldsOf(operation)) {
    const modelId = input[field];
    if (typeof modelId !== 'string' || isKnownModel(ctx, account, modelId)) continue;
    const suggestions = suggestionsFor(operation, modelId);
    return generationError(
      c,
      ctx,
      operation,
      404,
      `Model ${JSON.stringify(modelId.slice(0, 100))} was not found. Did you mean ${suggestions.join(', ')}? The model feed (/models-feed) lists every model.`,
      { code: 'model_not_found', param: field, suggestions },
    );
  }
  return undefined;
}
