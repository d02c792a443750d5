/**
 * Discord's REST limits as its rate-limit guide documents them. Per-route limits: each route
 * draws on a bucket, named by `X-RateLimit-Bucket` (an opaque hash), of so many requests per
 * window that starts with the bucket's first request; every answer carries
 * `X-RateLimit-Limit`, `-Remaining`, `-Reset` (epoch seconds with a fraction: `1470173023.123`)
 * and `-Reset-After` (seconds with a fraction: `1.123`). Past a bucket, 429 with `Retry-After`,
 * `X-RateLimit-Scope: user` and a JSON body `{message, retry_after, global: false}`
 * (`retry_after` in seconds with a fraction). A global limit over every route, announced by no
 * field: past it, 429 with `X-RateLimit-Global: true`, `X-RateLimit-Scope: global`,
 * `Retry-After`, no bucket fields and `{global: true}`. Windows here are seconds, not Discord's
 * undocumented figures, so that a run fits in a minute of virtual time.
 * @module
 */
import type { ProviderLimiter, ProviderRoute } from './provider-service.js';

export interface DiscordLimits {
  /** Each route's bucket: requests per window. */
  readonly routes: Readonly<Record<ProviderRoute, { readonly limit: number; readonly windowMs: number }>>;
  /** Requests per second over every route, announced by no field. */
  readonly globalPerSecond: number;
}

const BUCKETS: Readonly<Record<ProviderRoute, string>> = {
  submit: '80c17d2f203122d936070c88c8d10f33',
  status: 'd7f1e5ac22b6a9c1b8a1f8c07a39d4e2',
};

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

export function discordLimiter(limits: DiscordLimits): ProviderLimiter {
  const windows = new Map<string, { resetAt: number; used: number }>();
  const global = new Map<string, { second: number; used: number }>();
  return {
    admit({ account, now, route }) {
      const second = Math.floor(now / 1000);
      let globalWindow = global.get(account);
      if (!globalWindow || globalWindow.second !== second) {
        globalWindow = { second, used: 0 };
        global.set(account, globalWindow);
      }
      if (globalWindow.used >= limits.globalPerSecond) {
        const wait = (second + 1) * 1000 - now;
        return {
          allowed: false,
          status: 429,
          headers: {
            'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
            'x-ratelimit-global': 'true',
            'x-ratelimit-scope': 'global',
          },
          body: { message: 'You are being rate limited.', retry_after: Number(seconds(wait)), global: true },
        };
      }
      const { limit, windowMs } = limits.routes[route];
      const key = `${account} ${route}`;
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { resetAt: now + windowMs, used: 0 };
        windows.set(key, window);
      }
      const allowed = window.used < limit;
      if (allowed) {
        window.used += 1;
        globalWindow.used += 1;
      }
      const headers = {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(limit - window.used),
        'x-ratelimit-reset': seconds(window.resetAt),
        'x-ratelimit-reset-after': seconds(window.resetAt - now),
        'x-ratelimit-bucket': BUCKETS[route],
      };
      if (allowed) return { allowed: true, headers };
      return {
        allowed: false,
        status: 429,
        headers: {
          ...headers,
          'retry-after': String(Math.max(1, Math.ceil((window.resetAt - now) / 1000))),
          'x-ratelimit-scope': 'user',
        },
        body: {
          message: 'You are being rate limited.',
          retry_after: Number(seconds(window.resetAt - now)),
          global: false,
        },
      };
    },
  };
}
