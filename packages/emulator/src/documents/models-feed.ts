import { MODEL_CATEGORIES, MODELS, type ModelCategory, modelRecord } from '../models.js';
import { PAGE_PATHS } from './surfaces.js';

/** Page size when the client names none, and the largest it may ask for. */
export const MODELS_FEED_PER_PAGE = { default: 25, max: 100 } as const;

export interface ModelsFeedQuery {
  readonly category?: string | undefined;
  readonly page?: string | undefined;
  readonly per_page?: string | undefined;
}

export type ModelsFeedResult =
  | { readonly ok: true; readonly body: Record<string, unknown>; readonly next: string | null }
  | { readonly ok: false; readonly message: string; readonly details: Record<string, unknown> };

function integerIn(
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed >= min && parsed <= max ? parsed : undefined;
}

const isCategory = (value: string): value is ModelCategory =>
  (MODEL_CATEGORIES as readonly string[]).includes(value);

/** One page of the model feed, or why the query cannot be answered. */
export function modelsFeedPage(query: ModelsFeedQuery, origin: string): ModelsFeedResult {
  const { category } = query;
  if (category !== undefined && !isCategory(category)) {
    return {
      ok: false,
      message: `Unknown category "${category}". Valid categories: ${MODEL_CATEGORIES.join(', ')}.`,
      details: { valid_categories: MODEL_CATEGORIES },
    };
  }
  const page = integerIn(query.page, 1, 1, Number.MAX_SAFE_INTEGER);
  const perPage = integerIn(query.per_page, MODELS_FEED_PER_PAGE.default, 1, MODELS_FEED_PER_PAGE.max);
  if (page === undefined || perPage === undefined) {
    return {
      ok: false,
      message: `page must be an integer >= 1 and per_page an integer from 1 to ${MODELS_FEED_PER_PAGE.max}.`,
      details: {},
    };
  }
  const models = category === undefined ? MODELS : MODELS.filter((model) => model.category === category);
  const start = (page - 1) * perPage;
  const hasNext = start + perPage < models.length;
  const nextQuery = new URLSearchParams({
    ...(category === undefined ? {} : { category }),
    page: String(page + 1),
    per_page: String(perPage),
  });
  const next = hasNext ? `${origin}${PAGE_PATHS.modelsFeed}?${nextQuery}` : null;
  return {
    ok: true,
    next,
    body: {
      data: models.slice(start, start + perPage).map(modelRecord),
      pagination: { page, per_page: perPage, total: models.length, next },
    },
  };
}
