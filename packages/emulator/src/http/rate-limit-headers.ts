import { createHash } from 'node:crypto';
import { type BareItem, serializeList } from 'structured-headers';
import type { QuotaState } from './rate-limiter.js';

/** Whole seconds, at least 1, for a header: fields carry integers and "0" would invite a tight loop. */
export function headerSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Every generation of the rate-limit fields the service sends: the separate `RateLimit-Limit`,
 * `-Remaining`, `-Reset` fields, the current draft's `RateLimit-Policy` and `RateLimit` lists
 * (structured fields, with a partition key), and production's `X-RateLimit-*`.
 */
export function rateLimitHeaders(
  state: QuotaState,
  partition: string,
  nowMs: number,
): Record<string, string> {
  const reset = headerSeconds(state.resetMs);
  const partitionKey = new Uint8Array(createHash('sha256').update(partition).digest().subarray(0, 8));
  const params = (entries: [string, BareItem][]) => new Map<string, BareItem>(entries);
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(reset),
    'RateLimit-Policy': serializeList([
      [
        state.policy,
        params([
          ['q', state.limit],
          ['w', headerSeconds(state.windowMs)],
          ['pk', partitionKey],
        ]),
      ],
    ]),
    RateLimit: serializeList([
      [
        state.policy,
        params([
          ['r', state.remaining],
          ['t', reset],
          ['pk', partitionKey],
        ]),
      ],
    ]),
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(Math.ceil((nowMs + state.resetMs) / 1000)),
  };
}

/** Retry-After as delay seconds, or as an HTTP-date on the emulator clock. */
export function retryAfter(ms: number, nowMs: number, format: 'seconds' | 'http-date'): string {
  if (format === 'seconds') return String(headerSeconds(ms));
  // An HTTP-date has whole seconds: round the moment up so the client never comes back early.
  return new Date(Math.ceil((nowMs + ms) / 1000) * 1000).toUTCString();
}
