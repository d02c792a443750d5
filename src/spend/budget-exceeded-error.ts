/**
 * The refusal of a call that would pass the spending budget.
 * @module
 */
import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';
import type { CostEstimate } from './cost-estimate.js';

const MARKER = errorMarker('BudgetExceededError');

/** A model of the same family that fits what is left, and what the call would cost with it. */
export interface CheaperModel {
  readonly model: string;
  readonly amount: number;
  readonly basis: string;
}

export interface BudgetExceededErrorOptions {
  readonly operationId: string;
  /** What the call would cost (an unknown estimate when the refusal is for an unknown cost). */
  readonly estimate: CostEstimate;
  /** What the budget has left, in the major unit. */
  readonly left: number;
  readonly currency: string;
  readonly cheaper?: CheaperModel;
}

/**
 * A call was refused before it was sent: its estimate does not fit what the budget has left, or
 * its cost is unknown and the budget refuses unknown costs (`budget.unknownCost: 'refuse'`, the
 * default). Tools turn it into a result with `code: "budget_exceeded"`.
 *
 * @example
 * try {
 *   await session.call('v7_video_text_to_video', { model_id: 'veo-3', prompt: 'a fox', duration: 8 });
 * } catch (error) {
 *   if (!BudgetExceededError.isInstance(error)) throw error;
 *   console.log(`${error.left} ${error.currency} left; the call would cost ${error.estimate.amount ?? 'an unknown amount'}`);
 * }
 */
export class BudgetExceededError extends GenerationToolkitError {
  declare readonly code: 'budget_exceeded';
  readonly operationId: string;
  readonly estimate: CostEstimate;
  readonly left: number;
  readonly currency: string;
  readonly cheaper?: CheaperModel;

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(options: BudgetExceededErrorOptions) {
    const { estimate, left, currency } = options;
    const cost =
      estimate.kind === 'priced'
        ? `it would cost ${estimate.amount} ${currency} (${estimate.basis}), and ${left} ${currency} is left`
        : `its cost is unknown (${estimate.basis}), and the budget refuses calls of unknown cost`;
    const cheaper = options.cheaper
      ? `; ${options.cheaper.model} would cost ${options.cheaper.amount} ${currency}`
      : '';
    super({
      code: 'budget_exceeded',
      message: `${options.operationId} was not sent: ${cost}${cheaper}.`,
    });
    this.operationId = options.operationId;
    this.estimate = estimate;
    this.left = left;
    this.currency = currency;
    if (options.cheaper) this.cheaper = options.cheaper;
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is BudgetExceededError {
    return hasMarker(error, MARKER);
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      operationId: this.operationId,
      estimate: this.estimate,
      left: this.left,
      currency: this.currency,
      ...(this.cheaper ? { cheaper: this.cheaper } : {}),
    };
  }
}
