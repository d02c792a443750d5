import { linksWithRelation } from '../../http/index.js';

/**
 * A model of the public catalogue.
 * @inline
 */
export interface ModelInfo {
  readonly id: string;
  readonly name?: string;
  readonly category: string;
  readonly provider?: string;
  readonly price?: number;
  /** The feed's price as written, when it is not a plain non-negative decimal number (so no `price`). */
  readonly unusablePrice?: string;
  readonly billingUnit?: string;
  readonly plans: readonly string[];
}

export interface FeedPage {
  readonly models: ModelInfo[];
  /** Absolute URL of the next page, when there is one. */
  readonly next?: string;
  readonly total?: number;
  readonly problems: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A price as a person writes one: digits, at most one decimal point, nothing else. */
const PLAIN_DECIMAL = /^\d{1,12}(?:\.\d{1,12})?$/;

/**
 * The feed's price when it is a plain non-negative decimal number (`0.002`, `"0.002"`, `3`);
 * otherwise no price (`"0.0000002junk"`, `"-0"`, `"2e-7"`, `"Infinity"`, `"0x10"`, `" 1"`): a
 * price read leniently from such text (parseFloat reads `"0.0000002junk"` as 2e-7, and `"-0"`
 * as 0) would make a model cheap or free on the strength of a broken or hostile feed.
 */
function plainPrice(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 && !Object.is(value, -0) ? value : undefined;
  if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) return undefined;
  return Number(value);
}

function model(entry: Record<string, unknown>): ModelInfo | undefined {
  const id = entry.model_id ?? entry.id ?? entry.modelId;
  if (typeof id !== 'string' || !id) return undefined;
  const price = plainPrice(entry.price);
  const plans = entry.plans ?? entry.plan_coverage;
  return {
    id,
    ...(typeof entry.name === 'string' ? { name: entry.name } : {}),
    category: typeof entry.category === 'string' ? entry.category : 'unknown',
    ...(typeof entry.provider === 'string' ? { provider: entry.provider } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(price === undefined && entry.price !== undefined && entry.price !== null
      ? { unusablePrice: String(entry.price).slice(0, 40) }
      : {}),
    ...(typeof entry.billing_unit === 'string' ? { billingUnit: entry.billing_unit } : {}),
    plans: Array.isArray(plans) ? plans.filter((plan): plan is string => typeof plan === 'string') : [],
  };
}

/**
 * Reads one page of the model feed leniently: the list under `data`, `models` or at the top; the
 * next page from `pagination.next`, `next` or a `Link: <...>; rel="next"` header.
 */
export function readFeedPage(document: unknown, pageUrl: string, linkHeader: string | null): FeedPage {
  const problems: string[] = [];
  const entries = Array.isArray(document)
    ? document
    : isRecord(document)
      ? (document.data ?? document.models ?? document.items)
      : undefined;
  if (!Array.isArray(entries)) return { models: [], problems: ['the feed has no list of models'] };
  const models: ModelInfo[] = [];
  for (const entry of entries) {
    const read = isRecord(entry) ? model(entry) : undefined;
    if (read) models.push(read);
    else problems.push('an entry without a model id was skipped');
  }
  const pagination = isRecord(document) && isRecord(document.pagination) ? document.pagination : {};
  const fromBody = pagination.next ?? (isRecord(document) ? document.next : undefined);
  const fromHeader = linksWithRelation(linkHeader, 'next')[0];
  const nextRaw = typeof fromBody === 'string' ? fromBody : fromHeader;
  let next: string | undefined;
  if (nextRaw) {
    try {
      next = new URL(nextRaw, pageUrl).href;
    } catch {
      problems.push('the next-page link is not a URL');
    }
  }
  const total = typeof pagination.total === 'number' ? pagination.total : undefined;
  return { models, ...(next ? { next } : {}), ...(total !== undefined ? { total } : {}), problems };
}
