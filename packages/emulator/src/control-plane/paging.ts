/** The page meta of a listing: `meta.pagination`. */
export interface Pagination {
  readonly page: number;
  readonly per_page: number;
  readonly total: number;
}

const DEFAULT_PER_PAGE = 20;

/** One page of `items` as asked by the (validated) `page` and `per_page` query parameters. */
export function paginate<T>(
  items: readonly T[],
  query: Readonly<Record<string, unknown>>,
): { items: T[]; pagination: Pagination } {
  const page = typeof query.page === 'number' ? query.page : 1;
  const perPage = typeof query.per_page === 'number' ? query.per_page : DEFAULT_PER_PAGE;
  const start = (page - 1) * perPage;
  return {
    items: items.slice(start, start + perPage),
    pagination: { page, per_page: perPage, total: items.length },
  };
}

/** Records newest first, without changing the stored order. */
export function newestFirst<T extends { readonly createdAt: number }>(records: readonly T[]): T[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => b.record.createdAt - a.record.createdAt || b.index - a.index)
    .map(({ record }) => record);
}
