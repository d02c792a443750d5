/**
 * The separate `RateLimit-Limit` / `-Remaining` / `-Reset` fields of drafts up to 06 and the
 * de-facto `X-RateLimit-*` fields. Their reset is delta seconds in the drafts but epoch seconds
 * (or milliseconds) in many deployments: values too large to be a delay are read as a moment.
 * @module
 */
import { type BareItem, parseList } from 'structured-headers';
import { serverClockOffset } from './http-date.js';
import type { HeaderSource, RateLimitContext, RateLimitObservation } from './rate-limit.js';
import type { NamedPolicy } from './rate-limit-policy.js';

/** Delays are shorter than this many seconds; larger values are epoch seconds (after 2001-09-09). */
const EPOCH_SECONDS_THRESHOLD = 1_000_000_000;
const EPOCH_MS_THRESHOLD = 1_000_000_000_000;
const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

/** The first number of a field: an SF Item or List (early drafts: `10, 10;w=1`), or a bare decimal. */
function firstNumber(value: string | null): { value: number; window?: number } | undefined {
  if (!value) return undefined;
  try {
    const [first] = parseList(value);
    if (first && typeof first[0] === 'number' && first[0] >= 0) {
      const window = first[1].get('w') as BareItem | undefined;
      return typeof window === 'number' ? { value: first[0], window: window * 1000 } : { value: first[0] };
    }
  } catch {
    // not a Structured Field; fall through to the lenient reading
  }
  return DECIMAL.test(value) ? { value: Number(value) } : undefined;
}

function resetDelay(
  value: string | null,
  headers: HeaderSource,
  context: RateLimitContext,
): number | undefined {
  const parsed = firstNumber(value);
  if (parsed === undefined) return undefined;
  const number = parsed.value;
  if (number < EPOCH_SECONDS_THRESHOLD) return Math.ceil(number * 1000);
  const atMs = number >= EPOCH_MS_THRESHOLD ? number : number * 1000;
  // A moment on the server's clock: measured against ours, corrected by how far its Date says
  // it runs ahead or behind.
  const offset = serverClockOffset(headers.get('date'), context.receivedAt);
  return Math.max(0, Math.ceil(atMs - offset - context.receivedAt));
}

/** One observation from `<prefix>limit`, `<prefix>remaining` and `<prefix>reset`, or undefined. */
export function observationFromFields(
  headers: HeaderSource,
  prefix: 'ratelimit-' | 'x-ratelimit-',
  source: RateLimitObservation['source'],
  context: RateLimitContext,
  policies: readonly NamedPolicy[],
): RateLimitObservation | undefined {
  const remaining = firstNumber(headers.get(`${prefix}remaining`));
  if (remaining === undefined) return undefined;
  const limit = firstNumber(headers.get(`${prefix}limit`));
  const resetMs = resetDelay(headers.get(`${prefix}reset`), headers, context);
  const windowMs =
    limit?.window ??
    policies.find((policy) => policy.limit === limit?.value)?.windowMs ??
    policies[0]?.windowMs;
  return {
    remaining: Math.floor(remaining.value),
    ...(limit !== undefined ? { limit: Math.floor(limit.value) } : {}),
    ...(resetMs !== undefined ? { resetMs } : {}),
    ...(windowMs !== undefined ? { windowMs } : {}),
    source,
  };
}
