/**
 * What the governor believes of the limits it met, and why: for `governor.rateLimits()` (and a
 * session's), so that a person can see which limits are in force rather than guess.
 * @module
 */
import type { BucketLedger } from './bucket-ledger.js';
import { remainingAt } from './bucket-math.js';
import type { InFlightCap } from './in-flight-cap.js';
import type { RouteMap } from './route-map.js';

/**
 * One limit the governor keeps to.
 *
 * @example
 * const limits = await session.client.governor.rateLimits();
 * // [{ bucket: 'https://api.example.com#requests#', source: 'fields', limit: 300, remaining: 12, ... }]
 */
export interface RateLimitBelief {
  /** The quota's name: origin, policy (or resource) and partition; or the origin for a cap. */
  readonly bucket: string;
  /**
   * Why it is believed: `fields` (the answers' rate-limit fields stated it), `published` (a
   * published or declared policy, see `PublishedQuota`), `refusals` (a rate learned from refusals, the service stating none),
   * `in-flight refusals` (a cap on requests in flight, learned from secondary-limit refusals).
   */
  readonly source: 'fields' | 'published' | 'refusals' | 'in-flight refusals';
  /** Units per window, as stated (a declared token bucket's depth). */
  readonly limit?: number;
  /** Units left now, by the governor's count (its ledger, corrected by each answer). */
  readonly remaining?: number;
  readonly windowMs?: number;
  /** When the server said its current window ends (epoch milliseconds of the governor's clock). */
  readonly resetAt?: number;
  /** The learned sustainable rate, requests per second. */
  readonly ratePerSecond?: number;
  /** The cap on requests in flight, and when it next rises by one. */
  readonly inFlightCap?: number;
  readonly climbsAt?: number;
  /** Nothing is sent before this moment (a `Retry-After`, a backoff). */
  readonly blockedUntil?: number;
}

export class RateLimitBeliefs {
  constructor(
    private readonly ledger: BucketLedger,
    private readonly routes: RouteMap,
    private readonly inFlight: InFlightCap,
  ) {}

  async list(now: number): Promise<RateLimitBelief[]> {
    const beliefs: RateLimitBelief[] = [];
    for (const bucket of this.routes.buckets()) {
      const state = await this.ledger.read(bucket);
      if (!state) continue;
      const blocked = state.blockedUntil > now ? { blockedUntil: state.blockedUntil } : {};
      if (state.limit !== undefined) {
        beliefs.push({
          bucket,
          source: bucket.includes('#published#') ? 'published' : 'fields',
          limit: state.limit,
          remaining: Math.max(0, remainingAt(state, now) ?? state.limit),
          ...(state.windowMs !== undefined ? { windowMs: state.windowMs } : {}),
          ...(state.resetAt !== undefined ? { resetAt: state.resetAt } : {}),
          ...blocked,
        });
      } else if (state.learnedRate !== undefined) {
        // A declared token bucket is believed on its declaration until a refusal below it.
        const declared = state.rateCeiling !== undefined && bucket.includes('#published#');
        beliefs.push({
          bucket,
          source: declared ? 'published' : 'refusals',
          ratePerSecond: state.learnedRate,
          ...(declared && state.rateDepth !== undefined ? { limit: state.rateDepth } : {}),
          ...blocked,
        });
      } else if (state.remaining !== undefined) {
        // Stated only by what is left (`remaining-only.ts`): the last reading, and what was
        // learned of when units come back (a pool's refill rate, a window's spacing).
        const refill = state.stepwise ? undefined : state.leakPerMs;
        beliefs.push({
          bucket,
          source: 'fields',
          remaining: state.remaining,
          ...(refill !== undefined ? { ratePerSecond: refill * 1000 } : {}),
          ...(state.refillEveryMs !== undefined ? { windowMs: state.refillEveryMs } : {}),
          ...blocked,
        });
      }
    }
    for (const cap of this.inFlight.states()) {
      beliefs.push({
        bucket: cap.origin,
        source: cap.declared ? 'published' : 'in-flight refusals',
        inFlightCap: cap.cap,
        climbsAt: cap.climbsAt,
      });
    }
    return beliefs;
  }
}
