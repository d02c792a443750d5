import { ok } from '../http/envelope.js';
import { type Micros, toDollars } from '../money.js';
import type { UsageRecord } from '../state/records.js';
import { invalidFields } from './api-error.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { newestFirst } from './paging.js';
import { serializeUsageRecord } from './serialize-account.js';
import { DAY_SECONDS, iso } from './time.js';

const PERIOD_DAYS = { day: 1, week: 7, month: 30 } as const;

function creditsOf(records: readonly UsageRecord[]): number {
  return toDollars(records.reduce((sum, record) => sum + record.credits, 0) as Micros);
}

/** Requests and credits of the acting account over the last day, week or month of service time. */
const summary = tokenHandler(({ c, ctx, session, query }) => {
  const period = (query.period as keyof typeof PERIOD_DAYS | undefined) ?? 'month';
  const end = ctx.clock.now();
  const start = end - ctx.serviceMs(PERIOD_DAYS[period] * DAY_SECONDS);
  const records = session.context.usage.filter(
    (record) => record.createdAt > start && record.createdAt <= end,
  );
  return ok(c, {
    period,
    period_start: iso(start),
    period_end: iso(end),
    requests: records.length,
    credits_used: creditsOf(records),
  });
});

const products = tokenHandler(({ c, session }) => {
  const byCategory = new Map<string, UsageRecord[]>();
  for (const record of session.context.usage) {
    byCategory.set(record.category, [...(byCategory.get(record.category) ?? []), record]);
  }
  const rows = [...byCategory.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([product, records]) => ({ product, requests: records.length, credits_used: creditsOf(records) }));
  return ok(c, rows);
});

const history = tokenHandler(({ c, session, query }) => {
  const from = typeof query.from === 'string' ? Date.parse(query.from) : Number.NEGATIVE_INFINITY;
  const to = typeof query.to === 'string' ? Date.parse(query.to) : Number.POSITIVE_INFINITY;
  if (from > to) throw invalidFields({ from: 'must not be later than to' });
  const limit = typeof query.limit === 'number' ? query.limit : 50;
  const records = newestFirst(session.context.usage)
    .filter((record) => record.createdAt >= from && record.createdAt <= to)
    .slice(0, limit);
  return ok(c, records.map(serializeUsageRecord));
});

/** Handlers of the usage reports of the acting account (the generation API records usage). */
export const USAGE_HANDLERS: Record<string, OperationHandler> = {
  get_usage_summary: summary,
  get_usage_products: products,
  get_usage_history: history,
};
