import type { EmulatorClock } from '../clock.js';
import type { RateLimitPolicyName, RateLimitQuota } from '../options.js';

export interface QuotaState {
  readonly policy: RateLimitPolicyName;
  readonly limit: number;
  readonly remaining: number;
  /** Clock milliseconds until the window resets. */
  readonly resetMs: number;
  /** Length of the window in clock milliseconds. */
  readonly windowMs: number;
}

export type QuotaDecision = { readonly allowed: boolean } & QuotaState;

/**
 * Fixed-window quotas per (policy, partition), windows aligned on the clock so that every client
 * sees the same reset. A refused request does not consume quota.
 */
export class RateLimiter {
  readonly #used = new Map<string, { windowStart: number; used: number }>();

  constructor(
    private readonly clock: EmulatorClock,
    private readonly quotas: Readonly<Record<RateLimitPolicyName, RateLimitQuota>>,
    private readonly serviceMs: (seconds: number) => number,
  ) {}

  consume(policy: RateLimitPolicyName, partition: string): QuotaDecision {
    const { limit, windowSeconds } = this.quotas[policy];
    const windowMs = Math.max(1, this.serviceMs(windowSeconds));
    const now = this.clock.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const key = `${policy}\n${partition}`;
    let entry = this.#used.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      entry = { windowStart, used: 0 };
      this.#used.set(key, entry);
    }
    const allowed = entry.used < limit;
    if (allowed) entry.used += 1;
    return {
      allowed,
      policy,
      limit,
      remaining: limit - entry.used,
      resetMs: windowStart + windowMs - now,
      windowMs,
    };
  }
}
