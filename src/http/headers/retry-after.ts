/**
 * `Retry-After` (RFC 9110 section 10.2.3): delay seconds, or an HTTP-date read against the
 * response's own `Date` so that a skewed local clock does not stretch or shrink the wait.
 * @module
 */
import { parseHttpDate, serverClockOffset } from './http-date.js';

export interface RetryAfterContext {
  /** The response's `Date` field, when it had one. */
  readonly date?: string | null | undefined;
  /** Local time at which the response arrived; used when `Date` is missing or unreadable. */
  readonly receivedAt: number;
}

/**
 * RFC 9110 writes whole seconds; Shopify (`2.0`) and others write decimals. Both are delays:
 * a fraction is read, never taken for a malformed field (which would drop the server's wait).
 */
const DELAY_SECONDS = /^\d{1,16}(\.\d{1,9})?$/;

/**
 * Milliseconds to wait from the moment the response arrived, or undefined when the field is
 * absent or malformed. A date in the past means "now" (0).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  context: RetryAfterContext,
): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (DELAY_SECONDS.test(text)) {
    const milliseconds = Math.ceil(Number(text) * 1000);
    return Number.isSafeInteger(milliseconds) ? milliseconds : undefined;
  }
  const at = parseHttpDate(text);
  if (at === undefined) return undefined;
  return Math.max(0, at - serverClockOffset(context.date, context.receivedAt) - context.receivedAt);
}

/**
 * `retry-after-ms` (sent by some API gateways): milliseconds, possibly fractional.
 */
export function parseRetryAfterMs(value: string | null | undefined): number | undefined {
  if (!value || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Math.ceil(Number(value));
}
