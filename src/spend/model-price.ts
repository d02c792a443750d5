/**
 * A model's price as the feed states it, checked: a price that is missing, negative, not a number
 * or beyond any real price is no price at all, and says why.
 * @module
 */
import type { ModelInfo } from '../discovery/documents/models-feed.js';
import { type KnownBillingUnit, readBillingUnit } from './billing-unit.js';

/** No generation is priced above this per unit: a larger figure is a broken feed, not a price. */
const MAX_UNIT_PRICE = 1_000_000;

/** A usable price of a model, or why there is none. */
export type ModelPrice =
  | { readonly price: number; readonly unit: KnownBillingUnit }
  | { readonly unpriced: string };

/** The model's price per billing unit, when the feed gives one that can be used. */
export function modelPrice(model: ModelInfo): ModelPrice {
  const { price } = model;
  if (price === undefined && model.unusablePrice !== undefined)
    return {
      unpriced: `the model feed's price for ${model.id} (${model.unusablePrice}) is not a usable price: not a plain decimal number`,
    };
  if (price === undefined) return { unpriced: `the model feed lists no price for ${model.id}` };
  if (!Number.isFinite(price) || price < 0 || price > MAX_UNIT_PRICE)
    return { unpriced: `the model feed's price for ${model.id} (${price}) is not a usable price` };
  if (model.billingUnit === undefined)
    return { unpriced: `the model feed gives no billing unit for ${model.id}` };
  const unit = readBillingUnit(model.billingUnit);
  if (unit.kind === 'unknown')
    return { unpriced: `the billing unit of ${model.id} ("${unit.label}") is not one the toolkit can count` };
  return { price, unit };
}

/**
 * The feed's entry for `modelId`. A model the feed lists more than once is priced at the highest
 * of its prices: an entry priced 0 listed first must not make it free (the strictest reading
 * wins). Undefined when the feed does not list it.
 */
export function listedModel(models: readonly ModelInfo[], modelId: string): ModelInfo | undefined {
  let chosen: ModelInfo | undefined;
  let chosenPrice = Number.NEGATIVE_INFINITY;
  for (const model of models) {
    if (model.id !== modelId) continue;
    const priced = modelPrice(model);
    const price = 'price' in priced ? priced.price : Number.NEGATIVE_INFINITY;
    if (chosen === undefined || price > chosenPrice) {
      chosen = model;
      chosenPrice = price;
    }
  }
  return chosen;
}

/**
 * An amount as a person writes it, in its currency: `$0.002`, `$1.25`, `€0.5`, never `$2e-7`;
 * small amounts keep two significant decimals at least. A code the platform cannot format is
 * written after the number: `0.3 XYZ`. The one money formatter of the toolkit (tool descriptions,
 * estimates, approval questions, gentk).
 */
export function formatPrice(amount: number, currency = 'usd'): string {
  const digits = amount === 0 ? 0 : Math.min(6, Math.max(2, -Math.floor(Math.log10(Math.abs(amount))) + 1));
  const rounded = Number(amount.toFixed(digits));
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 0,
      maximumFractionDigits: digits,
    }).format(rounded);
  } catch {
    return `${rounded.toLocaleString('en-US', { maximumFractionDigits: 6 })} ${currency.toUpperCase()}`;
  }
}

/** `per image`, `per 1K tokens`. */
export function perUnit(unit: KnownBillingUnit): string {
  return `per ${unit.label}`;
}
