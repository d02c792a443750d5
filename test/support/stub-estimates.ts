/**
 * A stand-in for `session.estimate` in the tests of approval by cost, so that they test the
 * question and the threshold apart from the estimator: text-to-image is priced at $0.40 an image,
 * text-to-video has no price, and everything else charges nothing. Each of those tests also asks
 * the real estimator against the emulator's feed once (real-estimates.ts).
 * @module
 */
import { vi } from 'vitest';
import type { Session } from '../../src/auth/index.js';
import type { CostEstimate } from '../../src/spend/index.js';

export const IMAGE_PRICE = 0.4;

/** The estimate the stand-in gives for `operationId` called with `input`. */
export function stubEstimate(operationId: string, input: unknown): CostEstimate {
  const args = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (operationId === 'v8_video_text_to_video')
    return {
      kind: 'unknown',
      amount: null,
      currency: 'usd',
      basis: `the model feed lists no price for ${String(args.model_id)}`,
      covered: false,
    };
  if (operationId === 'v7_images_text_to_image') {
    const samples = typeof args.samples === 'number' ? args.samples : 1;
    return {
      kind: 'priced',
      amount: samples * IMAGE_PRICE,
      currency: 'usd',
      basis: `${samples} image${samples === 1 ? '' : 's'} × $0.4 per image (${String(args.model_id)})`,
      covered: false,
    };
  }
  return {
    kind: 'priced',
    amount: 0,
    currency: 'usd',
    basis: `${operationId} charges nothing`,
    covered: false,
  };
}

/** Replaces `session.estimate` with {@link stubEstimate}; `mockRestore()` the spy after. */
export function stubEstimates(session: Session) {
  return vi
    .spyOn(session, 'estimate')
    .mockImplementation(async (operationId, input) => stubEstimate(operationId, input));
}
