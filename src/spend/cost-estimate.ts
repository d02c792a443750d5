/**
 * What a call is expected to cost before it is sent. The estimator (issue 17) computes it from the
 * model feed and the call's arguments; the budget reserves it; results carry it.
 * @module
 */

/**
 * An amount of money in millionths of the currency's major unit (1 USD is 1,000,000 micros), so
 * that sums and comparisons are exact, in memory and in a shared store alike. Always an integer.
 */
export type Micros = number;

/**
 * A cost the feed let us compute.
 * @inline
 */
export interface PricedEstimate {
  readonly kind: 'priced';
  /**
   * What the call is expected to charge, in the currency's major unit (`0.004` is 0.4 cents).
   * Zero when the account's plan covers the model, or when the operation charges nothing.
   */
  readonly amount: number;
  /** ISO 4217 code in lower case, as the service writes it: `usd`. */
  readonly currency: string;
  /** How it was computed, for a person or a model: `2 images × $0.002 per image (flux-dev)`. */
  readonly basis: string;
  /** True when the account's plan covers the model: the wallet is not charged. */
  readonly covered: boolean;
}

/**
 * A cost nobody can state: the feed gives no price for the model, or the units cannot be known.
 * @inline
 */
export interface UnknownEstimate {
  readonly kind: 'unknown';
  readonly amount: null;
  readonly currency: string;
  /** Why the cost is unknown: `the model feed lists no price for hunyuan3d-2`. */
  readonly basis: string;
  readonly covered: false;
}

/**
 * A call's expected cost: priced, or explicitly unknown (never a guess presented as a fact).
 * @example
 * const estimate = await session.estimate('v7_text2img', { model_id: 'flux-dev', prompt: 'a fox', samples: 2 });
 * if (estimate.kind === 'priced') console.log(`${estimate.amount} ${estimate.currency}: ${estimate.basis}`);
 */
export type CostEstimate = PricedEstimate | UnknownEstimate;

/** Converts an amount in the major unit to whole micros (a fraction of a micro counts as one). */
export function toMicros(amount: number): Micros {
  const scaled = amount * 1_000_000;
  const nearest = Math.round(scaled);
  // Sub-micro amounts round up (a price of $0.0000002 is not free); the float noise of an amount
  // that is whole in micros (0.004 * 1e6 = 4000.0000000000005) is not rounded up.
  return Math.abs(scaled - nearest) < 1e-6 ? nearest : Math.ceil(scaled);
}

/** Converts micros back to the major unit. */
export function fromMicros(micros: Micros): number {
  return micros / 1_000_000;
}
