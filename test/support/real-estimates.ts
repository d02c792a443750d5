/**
 * What the approval-by-cost tests ask of the REAL estimator against the emulator's feed (the
 * counterpart of stub-estimates.ts): four images of a priced model above a small threshold, and a
 * model the feed lists without a price. The price is read from the emulator's catalogue, so the
 * question is checked against the feed, not against a number copied here.
 * @module
 */
import { findModel } from 'generation-agent-toolkit-emulator';

/** A threshold that four images of {@link PRICED_MODEL} pass and one does not. */
export const REAL_THRESHOLD = 0.01;
export const PRICED_MODEL = 'flux-pro';
/** Listed in the emulator's feed with `price: null`. */
export const UNPRICED_MODEL = 'sdxl-lightning';

/** Four images of the priced model: the call the tests make. */
export const FOUR_PRICED_IMAGES = { model_id: PRICED_MODEL, prompt: 'a fox', samples: 4 } as const;

/** The feed's price of one image of {@link PRICED_MODEL}. */
export function pricedImagePrice(): number {
  const price = findModel(PRICED_MODEL)?.price;
  if (typeof price !== 'number') throw new Error(`${PRICED_MODEL} lost its price in the emulator's feed`);
  return price;
}

/** What the question must say of four images: the amount, then the basis the estimator gives. */
export function pricedQuestionStart(): string {
  const price = pricedImagePrice();
  return `Estimated cost: $${Number((4 * price).toFixed(6))} (4 images × $${price} per image (${PRICED_MODEL})`;
}

/** The threshold as the question states it. */
export const ABOVE_REAL_THRESHOLD = `above the approval threshold of $${REAL_THRESHOLD}.`;

/** What the question must say of a model without a price. */
export const UNKNOWN_QUESTION = `Estimated cost: unknown (the model feed lists no price for ${UNPRICED_MODEL}). A call of unknown cost needs approval`;
