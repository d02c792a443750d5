/**
 * The estimator: what a call costs before it is sent, from the model feed and the call's
 * arguments. Price times the units the model's billing unit counts; zero where the account's plan
 * covers the model or the operation charges nothing; unknown, with the reason, everywhere else.
 * Pure: the session supplies the feed, the plan and the token counter.
 * @module
 */
import type { ModelInfo } from '../discovery/documents/models-feed.js';
import type { Operation } from '../discovery/types.js';
import type { CountTokens } from '../tokens/token-counter.js';
import {
  type CostEstimate,
  fromMicros,
  type PricedEstimate,
  toMicros,
  type UnknownEstimate,
} from './cost-estimate.js';
import { countUnits } from './count-units.js';
import { formatPrice, listedModel, modelPrice, perUnit } from './model-price.js';
import type { PlanCoverage } from './plan-coverage.js';

/** The currency of the feed's prices: the service prices in US dollars and says no other. */
export const FEED_CURRENCY = 'usd';

/** No single call is estimated above this: a larger product is a broken feed or argument. */
const MAX_CALL_AMOUNT = 1_000_000_000;

/**
 * What {@link estimateCost} prices: the operation, the call's checked arguments, the model feed, the
 * account's plan (or that it is unknown) and the token counter for chat prompts.
 *
 * @example
 * const estimate = estimateCost({
 *   operation: service.requireOperation('v7_images_text_to_image'),
 *   input: { model_id: 'flux-dev', prompt: 'a fox', samples: 2 },
 *   models: service.models,
 *   plan: { kind: 'unknown', reason: 'no account read' },
 *   countTokens: await loadTokenCounter(),
 * });
 */
export interface EstimateCostInput {
  readonly operation: Operation;
  /** The call's checked arguments. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The model feed. */
  readonly models: readonly ModelInfo[];
  readonly plan: PlanCoverage;
  readonly countTokens: CountTokens;
}

const unknown = (basis: string): UnknownEstimate => ({
  kind: 'unknown',
  amount: null,
  currency: FEED_CURRENCY,
  basis,
  covered: false,
});

const free = (basis: string): PricedEstimate => ({
  kind: 'priced',
  amount: 0,
  currency: FEED_CURRENCY,
  basis,
  covered: false,
});

/** The argument naming the model (`model_id`, or `model` for chat), or its schema default. */
export function modelArgument(
  operation: Operation,
  input: Readonly<Record<string, unknown>>,
): string | undefined {
  const properties = (operation.input.schema.properties ?? {}) as Record<string, { default?: unknown }>;
  for (const name of ['model_id', 'model']) {
    const value = input[name] ?? properties[name]?.default;
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** Whether the operation names a model (a `model_id` or `model` argument). */
function takesModel(operation: Operation): boolean {
  const properties = (operation.input.schema.properties ?? {}) as Record<string, unknown>;
  return 'model_id' in properties || 'model' in properties;
}

/** Operations that name a model without running it: counting a prompt's tokens, reloading the model. */
const MANAGES_MODEL = /(?:count[_-]?tokens|reload)\/?$/i;

/** Why the operation charges nothing, when it does not; undefined for an operation that may charge. */
export function freeBecause(operation: Operation): string | undefined {
  if (operation.isFetch) return "fetching a job's result charges nothing";
  const controlPlane = operation.credential.kind === 'token' || operation.requiredScope !== null;
  if (controlPlane && operation.effect !== 'money') return 'account operations charge nothing';
  if (!controlPlane && !operation.async && (!takesModel(operation) || MANAGES_MODEL.test(operation.path)))
    return 'no model runs and no job is queued, so nothing is charged';
  return undefined;
}

/**
 * What a call of `operation` with `input` is expected to cost.
 *
 * @example
 * estimateCost({ operation, input: { model_id: 'flux-dev', prompt: 'a fox', samples: 2 }, models, plan, countTokens });
 * // { kind: 'priced', amount: 0.004, currency: 'usd', basis: '2 images × $0.002 per image (flux-dev)', covered: false }
 */
export function estimateCost(estimate: EstimateCostInput): CostEstimate {
  const { operation, input } = estimate;
  const free_ = freeBecause(operation);
  if (free_ !== undefined) return free(free_);
  if (operation.effect === 'money')
    return unknown(
      `${operation.id} moves money by the amount in its own arguments; it is not a priced generation`,
    );
  const modelId = modelArgument(operation, input);
  if (modelId === undefined)
    return unknown(`the call names no model, and the model feed prices models, not operations`);
  const model = listedModel(estimate.models, modelId);
  // The id is the caller's (or a model's) text: quoted short; the session masks its secrets.
  if (!model)
    return unknown(
      `the model feed does not list ${modelId.length > 80 ? `${modelId.slice(0, 79)}…` : modelId}`,
    );
  const priced = modelPrice(model);
  if ('unpriced' in priced) return unknown(priced.unpriced);
  const units = countUnits({
    unit: priced.unit,
    input,
    schema: operation.input.schema,
    countTokens: estimate.countTokens,
  });
  if ('unknown' in units) return unknown(`${units.unknown} (${model.id} is priced ${perUnit(priced.unit)})`);
  const raw = (priced.price * units.count) / priced.unit.per;
  if (!(raw <= MAX_CALL_AMOUNT))
    return unknown(`${units.what} of ${model.id} comes to more than any call costs`);
  const amount = fromMicros(toMicros(raw));
  const basis = `${units.what} × ${formatPrice(priced.price)} ${perUnit(priced.unit)} (${model.id})`;
  const { plan } = estimate;
  if (plan.kind === 'plan' && model.plans.includes(plan.plan))
    return { ...free(`covered by the ${plan.plan} plan (otherwise ${basis})`), covered: true };
  // The reason the plan is unknown is the session's business; the model needs only that it is.
  const coverage =
    plan.kind === 'unknown' && model.plans.length > 0
      ? `; the ${model.plans.join(', ')} plan${model.plans.length === 1 ? '' : 's'} would cover it (the account's plan is unknown)`
      : '';
  return { kind: 'priced', amount, currency: FEED_CURRENCY, basis: `${basis}${coverage}`, covered: false };
}
