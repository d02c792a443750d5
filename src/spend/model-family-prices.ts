/**
 * The prices of an operation's model family (the feed's models of its category), for the places a
 * model decides what to call: a few words in a typed tool's description, the whole table in
 * `describe_operation`.
 * @module
 */
import type { ModelInfo } from '../discovery/documents/models-feed.js';
import type { Operation } from '../discovery/types.js';
import { formatPrice, listedModel, modelPrice, perUnit } from './model-price.js';

/** One model of the family as `describe_operation` lists it. */
export interface ModelPriceRow {
  readonly model: string;
  /** US dollars per unit; absent when the feed gives no usable price. */
  readonly price?: number;
  readonly unit?: string;
  /** Plans whose subscription covers the model (calls cost the wallet nothing). */
  readonly plans: readonly string[];
  /** Why there is no price, for a model without one. */
  readonly note?: string;
}

/** Whether calls of the operation choose a model of the feed. */
function choosesModel(operation: Operation): boolean {
  const properties = operation.input.schema.properties;
  return (
    typeof properties === 'object' &&
    properties !== null &&
    ('model_id' in properties || 'model' in properties)
  );
}

/** The feed's models of the operation's category, for operations that choose one. */
export function familyModels(operation: Operation, models: readonly ModelInfo[]): ModelInfo[] {
  if (!choosesModel(operation) || operation.isFetch || !operation.category) return [];
  // A model listed twice shows once, at the price an estimate would use (its highest).
  const byId = new Map<string, ModelInfo[]>();
  for (const model of models) {
    if (model.category !== operation.category) continue;
    const same = byId.get(model.id);
    if (same) same.push(model);
    else byId.set(model.id, [model]);
  }
  return [...byId].map(([id, same]) =>
    same.length === 1 ? (same[0] as ModelInfo) : (listedModel(same, id) as ModelInfo),
  );
}

/** The family's price table, cheapest first, unpriced models last. */
export function modelPriceTable(operation: Operation, models: readonly ModelInfo[]): ModelPriceRow[] {
  const rows = familyModels(operation, models).map((model): ModelPriceRow => {
    const priced = modelPrice(model);
    return 'unpriced' in priced
      ? { model: model.id, plans: model.plans, note: priced.unpriced }
      : { model: model.id, price: priced.price, unit: priced.unit.label, plans: model.plans };
  });
  return rows.sort((a, b) => (a.price ?? Number.POSITIVE_INFINITY) - (b.price ?? Number.POSITIVE_INFINITY));
}

/**
 * The family's price in a few tokens: `About $0.002-0.0045 per image by model.`; undefined when
 * the feed prices none of its models.
 */
export function familyPriceSentence(operation: Operation, models: readonly ModelInfo[]): string | undefined {
  const priced = familyModels(operation, models)
    .map(modelPrice)
    .filter((entry) => 'price' in entry);
  if (priced.length === 0) return undefined;
  // The unit most of the family is billed in; models billed otherwise are left to describe_operation.
  const counts = new Map<string, number>();
  for (const entry of priced) counts.set(entry.unit.label, (counts.get(entry.unit.label) ?? 0) + 1);
  const unitLabel = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const same = priced.filter((entry) => entry.unit.label === unitLabel);
  const prices = same.map((entry) => entry.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const unit = same[0]?.unit;
  if (!unit) return undefined;
  const range = low === high ? formatPrice(low) : `${formatPrice(low)}-${formatPrice(high).slice(1)}`;
  return `About ${range} ${perUnit(unit)} by model.`;
}
