/**
 * The checks every budget store makes of a reservation's numbers before it touches anything, so
 * that the memory store and the Redis store refuse the same mistakes in the same words.
 * @module
 */
import { UsageError } from '../errors/index.js';
import type { Micros } from './cost-estimate.js';

/** Whether `value` is a whole number of micros a store can add exactly (0 included). */
function isMicros(value: unknown): value is Micros {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Throws a {@link UsageError} unless `amount` and `limit` are whole, non-negative micros and
 * `ttlMs` a positive, finite duration. A fraction or a NaN would make sums inexact (or, in Redis,
 * fail inside the script after part of the work); a negative amount would give budget back.
 */
export function checkReservation(amount: Micros, limit: Micros, ttlMs: number): void {
  if (!isMicros(amount))
    throw new UsageError(`A reservation's amount must be whole micros (>= 0), not ${String(amount)}.`);
  if (!isMicros(limit))
    throw new UsageError(`A budget's limit must be whole micros (>= 0), not ${String(limit)}.`);
  if (!(typeof ttlMs === 'number' && Number.isFinite(ttlMs) && ttlMs > 0))
    throw new UsageError(
      `A reservation's ttlMs must be a positive number of milliseconds, not ${String(ttlMs)}.`,
    );
}

/** Throws a {@link UsageError} unless `charged` is whole, non-negative micros. */
export function checkCharge(charged: Micros): void {
  if (!isMicros(charged))
    throw new UsageError(`A settled charge must be whole micros (>= 0), not ${String(charged)}.`);
}
