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

function model(entry: Record<string, unknown>): ModelInfo | undefined {
  const id = entry.model_id ?? entry.id ?? entry.modelId;
  if (typeof id !== 'string' || !id) return undefined;
  const price = typeof entry.price === 'number' ? entry.price : Number.parseFloat(String(entry.price ?? ''));
  const plans = entry.plans ?? entry.plan_coverage;
  return {
    id,
    ...(typeof entry.name === 'string' ? { name: entry.name } : {}),
    category: typeof entry.category === 'string' ? entry.category : 'unknown',
    ...(typeof entry.provider === 'string' ? { provider: entry.provider } : {}),
    ...(Number.isFinite(price) ? { price } : {}),
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
