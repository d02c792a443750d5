/**
 * Resets written in whole seconds are rounded up: a window that starts with its first request at
 * 0.3 s past a second resets 10 s later at 10.3 s but announces 11. The governor learns where
 * such a window really ends (`window-phase.ts`): one request probes the end the opening request
 * implies; answered from a fresh window, the quota goes at once. Servers whose windows are
 * aligned on the clock must not pay for it more than once, and exact resets are never probed.
 * Virtual clock, small independent servers written here as their documentation says.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, parseRateLimitFields, RateLimitGovernor } from '../../src/http/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);
const ORIGIN = 'https://api.test';

interface Answer {
  readonly allowed: boolean;
  readonly headers: Record<string, string>;
}

/** GitHub's primary limit: `limit` per window that starts with the first request; epoch seconds, rounded up. */
function fromFirstRequest(limit: number, windowMs: number) {
  let window: { resetAt: number; used: number } | undefined;
  return (now: number): Answer => {
    if (!window || window.resetAt <= now) window = { resetAt: now + windowMs, used: 0 };
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    return {
      allowed,
      headers: {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(limit - window.used),
        'x-ratelimit-reset': String(Math.ceil(window.resetAt / 1000)),
      },
    };
  };
}

/** Windows aligned on the clock (Okta's per minute, here per 10 s): epoch seconds, exact. */
function alignedOnClock(limit: number, windowMs: number) {
  const used = new Map<number, number>();
  return (now: number): Answer => {
    const index = Math.floor(now / windowMs);
    const count = used.get(index) ?? 0;
    const allowed = count < limit;
    if (allowed) used.set(index, count + 1);
    return {
      allowed,
      headers: {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(limit - (used.get(index) ?? 0)),
        'x-ratelimit-reset': String(((index + 1) * windowMs) / 1000),
      },
    };
  };
}

/**
 * `requests` requests from `callers` callers through one governor (or `governors` sharing a store,
 * as a fleet's processes do): when each was admitted, and the refusals.
 */
async function run(
  server: (now: number) => Answer,
  options: { requests: number; callers: number; startAt?: number; governors?: number },
) {
  const clock = createVirtualClock(new ManualClock(options.startAt ?? START));
  const store = new MemoryRateLimitStore(() => clock.now());
  const governors = Array.from(
    { length: options.governors ?? 1 },
    () => new RateLimitGovernor({ clock, random: () => 0, ...(options.governors ? { store } : {}) }),
  );
  const admitted: number[] = [];
  let refused = 0;
  let left = options.requests;
  const caller = async (index: number) => {
    const governor = governors[index % governors.length]!;
    while (left > 0) {
      left -= 1;
      for (;;) {
        const permit = await governor.acquire(new URL(`${ORIGIN}/v1/items`));
        const now = clock.now();
        const answer = server(now);
        const headers = new Headers(answer.headers);
        const resetAt = Number(answer.headers['x-ratelimit-reset']) * 1000;
        await permit.complete({
          answered: true,
          status: answer.allowed ? 200 : 403,
          receivedAt: now,
          observations: parseRateLimitFields(headers, { receivedAt: now }),
          ...(answer.allowed ? {} : { refusal: 'rate' as const, retryAfterMs: Math.max(0, resetAt - now) }),
        });
        if (answer.allowed) {
          admitted.push(now - (options.startAt ?? START));
          break;
        }
        refused += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.callers }, (_, index) => caller(index)));
  return { admitted, refused };
}

describe('a window whose reset is rounded to whole seconds', () => {
  it('opens the next window at its real reset when windows start with their first request', async () => {
    const { admitted, refused } = await run(fromFirstRequest(10, 10_000), { requests: 40, callers: 10 });
    expect(refused).toBe(0);
    // The first window opened at 0.3 s past a second: it resets at 10.3 s (read "11").
    expect(admitted.slice(0, 10).every((at) => at === 0)).toBe(true);
    expect(admitted[10]).toBe(10_000);
    expect(admitted[20]).toBe(20_000);
    expect(admitted[30]).toBe(30_000);
  });

  it('does so once for governors sharing a store, with no refusal', async () => {
    const { admitted, refused } = await run(fromFirstRequest(10, 10_000), {
      requests: 40,
      callers: 12,
      governors: 3,
    });
    expect(refused).toBe(0);
    expect([admitted[10], admitted[20], admitted[30]]).toEqual([10_000, 20_000, 30_000]);
  });

  it('costs at most one refusal where windows are aligned on the clock, then keeps to the resets', async () => {
    // The first request comes 3.3 s into an aligned window: taken for a window from the first
    // request, it would end at 9.3 s; it ends at 10.
    const { admitted, refused } = await run(alignedOnClock(10, 10_000), {
      requests: 60,
      callers: 10,
      startAt: Date.UTC(2026, 0, 1, 0, 0, 3, 300),
    });
    expect(refused).toBeLessThanOrEqual(1);
    // Every window admits its ten, none before its aligned start.
    expect(admitted).toHaveLength(60);
    for (let window = 0; window < 6; window += 1) {
      const inWindow = admitted.filter((at) => Math.floor((at + 3_300) / 10_000) === window);
      expect(inWindow).toHaveLength(10);
    }
  });

  it('is read with its grain: whole seconds are 1000 ms, a fractional epoch (Discord) is exact', () => {
    const read = (reset: string) =>
      parseRateLimitFields(
        new Headers({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': reset }),
        { receivedAt: START },
      )[0]?.resetGrainMs;
    expect(read('1767225610')).toBe(1000);
    expect(read('30')).toBe(1000);
    expect(read('1767225610.5')).toBe(100);
    expect(read('1767225610.123')).toBeUndefined();
    expect(read('1767225610123')).toBeUndefined();
  });
});
