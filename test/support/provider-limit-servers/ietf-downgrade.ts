/**
 * IETF fields (draft 9: `RateLimit-Policy: "default";q=20;w=2`, `RateLimit: "default";r=..;t=..`)
 * over windows aligned on the clock, whose quota the operator halves at `downgradeAt`, in the
 * middle of a window: the answers say so from then on, and a client must follow.
 * @module
 */
import type { ProviderLimiter } from './provider-service.js';

export interface DowngradeLimits {
  readonly limit: number;
  readonly windowMs: number;
  /** From this moment (server clock) the quota is halved. */
  readonly downgradeAt: number;
}

export function limitAt(limits: DowngradeLimits, now: number): number {
  return now >= limits.downgradeAt ? Math.floor(limits.limit / 2) : limits.limit;
}

export function ietfDowngradeLimiter(limits: DowngradeLimits): ProviderLimiter {
  const counts = new Map<string, { start: number; count: number }>();
  return {
    admit({ account, now }) {
      const start = Math.floor(now / limits.windowMs) * limits.windowMs;
      const entry = counts.get(account);
      const current = entry && entry.start === start ? entry : { start, count: 0 };
      counts.set(account, current);
      const limit = limitAt(limits, now);
      const allowed = current.count < limit;
      if (allowed) current.count += 1;
      const t = Math.ceil((start + limits.windowMs - now) / 1000);
      const headers = {
        'RateLimit-Policy': `"default";q=${limit};w=${Math.ceil(limits.windowMs / 1000)}`,
        RateLimit: `"default";r=${Math.max(0, limit - current.count)};t=${t}`,
      };
      if (allowed) return { allowed: true, headers };
      return {
        allowed: false,
        status: 429,
        headers: { ...headers, 'Retry-After': String(Math.max(1, t)) },
        body: { title: 'Too Many Requests', status: 429 },
      };
    },
  };
}
