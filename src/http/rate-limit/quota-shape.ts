/**
 * What a declared quota ({@link PublishedQuota}) says, in the governor's terms: a window, a token
 * bucket, a cap on requests in flight (alone or beside either), checked so that a declaration
 * that cannot be right never reaches the governor.
 * @module
 */
import { UsageError } from '../../errors/index.js';
import type { PublishedQuota } from './governor-types.js';

export type QuotaShape = (
  | { readonly kind: 'window'; readonly limit: number; readonly windowMs: number }
  | { readonly kind: 'bucket'; readonly depth: number; readonly refillPerSecond: number }
  | { readonly kind: 'none' }
) & { readonly maxInFlight?: number };

const NUMBERS = ['limit', 'windowMs', 'refillPerSecond', 'maxInFlight'] as const;

/**
 * The shape of `quota`. Throws {@link UsageError} for a number that is not positive and finite,
 * and for a quota that states none of the shapes.
 */
export function quotaShape(quota: PublishedQuota): QuotaShape {
  for (const name of NUMBERS) {
    const value = quota[name];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0))
      throw new UsageError(
        `A rate-limit quota's ${name} must be a positive number of ${name === 'windowMs' ? 'milliseconds' : 'requests'}; got ${String(value)}.`,
      );
  }
  const cap =
    quota.maxInFlight === undefined ? {} : { maxInFlight: Math.max(1, Math.floor(quota.maxInFlight)) };
  if (quota.refillPerSecond !== undefined)
    return {
      kind: 'bucket',
      depth: Math.max(1, quota.limit ?? 1),
      refillPerSecond: quota.refillPerSecond,
      ...cap,
    };
  if (quota.limit !== undefined && quota.windowMs !== undefined)
    return { kind: 'window', limit: quota.limit, windowMs: quota.windowMs, ...cap };
  if (quota.maxInFlight !== undefined) return { kind: 'none', ...cap };
  throw new UsageError(
    'A rate-limit quota states limit and windowMs (a window), refillPerSecond and limit (a token bucket), or maxInFlight (requests at once).',
  );
}

/** Checks every quota of `quotas` (see {@link quotaShape}); the shapes in order. */
export function quotaShapes(quotas: readonly PublishedQuota[]): QuotaShape[] {
  return quotas.map(quotaShape);
}

/** The origin of `key` (`https://api.example.com`), a key of the governor's `quotas`. */
export function originOf(key: string): string {
  try {
    const { origin } = new URL(key);
    if (origin !== 'null') return origin;
  } catch {}
  throw new UsageError(
    `The governor's quotas are keyed by origin (https://api.example.com); got ${JSON.stringify(key.slice(0, 100))}.`,
  );
}
