/**
 * The call that uses a model of the feed, chosen by its category and billing unit: the one place
 * the spend bench and the estimate tests agree on how each priced model is exercised.
 * @module
 */
import type { ModelInfo } from '../../src/discovery/documents/models-feed.js';
import { readBillingUnit } from '../../src/spend/billing-unit.js';

/** An operation and input that name one model. */
export interface ModelCall {
  readonly operationId: string;
  readonly input: Record<string, unknown>;
}

/**
 * The call that uses `model` (three images, seven seconds of video, a short chat bounded at
 * 1,000 tokens); undefined when no operation names a model of its kind.
 */
export function callForModel(model: ModelInfo): ModelCall | undefined {
  const unit = readBillingUnit(model.billingUnit).kind;
  if (model.category === 'image')
    return {
      operationId: 'v7_images_text_to_image',
      input: { model_id: model.id, prompt: 'a fox', samples: 3 },
    };
  if (model.category === 'video')
    return {
      operationId: 'v8_video_text_to_video',
      input: { model_id: model.id, prompt: 'a fox', duration: 7 },
    };
  if (model.category === 'llm' && (unit === 'token' || unit === 'request'))
    return {
      operationId: 'v7_llm_chat_completions',
      input: {
        model: model.id,
        messages: [{ role: 'user', content: 'Write a short poem about a fox in the snow.' }],
        max_tokens: 1000,
      },
    };
  return undefined;
}
