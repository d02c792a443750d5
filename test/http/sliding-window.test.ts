/**
 * A quota that slides (a log of the last window's requests) against one whose windows are fixed,
 * both announcing IETF draft-10 fields with `w` declared and `t` = seconds until more quota. A
 * log's `t` is when its OLDEST request leaves: taken for the end of a window, the whole log was
 * freed at once when it passed (the burst then refused, or held for a whole window). The answers
 * tell the two apart once the first reset has passed: a fixed window starts afresh, its reset a
 * whole window on; a log lets one request go and its reset moves on by the spacing of the grants
 * after it. Then each unit comes back a window after its own grant.
 */
import { describe, expect, it } from 'vitest';
import type { ProviderLimiter } from '../support/provider-limit-servers/provider-service.js';
import { slidingLogLimiter } from '../support/provider-limit-servers/sliding-log.js';
import { driveLedger, DRIVE_START as START } from './support/drive-ledger.js';

const LIMIT = 10;
const WINDOW_MS = 10_000;

/** Fixed windows that start with the first request after the last ended, draft-10 fields. */
function fixedWindowLimiter(): ProviderLimiter {
  let window: { resetAt: number; used: number } | undefined;
  return {
    admit({ now }) {
      if (!window || window.resetAt <= now) window = { resetAt: now + WINDOW_MS, used: 0 };
      const allowed = window.used < LIMIT;
      if (allowed) window.used += 1;
      const t = Math.ceil((window.resetAt - now) / 1000);
      const headers = {
        'RateLimit-Policy': `"fixed";q=${LIMIT};w=${WINDOW_MS / 1000}`,
        RateLimit: `"fixed";r=${LIMIT - window.used};t=${t}`,
      };
      return allowed
        ? { allowed: true, headers }
        : { allowed: false, status: 429, headers: { ...headers, 'Retry-After': String(t) }, body: {} };
    },
  };
}

/** A client with one request to send each second during the first window, and always some after. */
function drive(limiter: ProviderLimiter, durationMs: number) {
  const wanted = (now: number) =>
    now - START < WINDOW_MS ? Math.floor((now - START) / 1000) + 1 : Number.POSITIVE_INFINITY;
  return driveLedger(limiter, { durationMs, wanted });
}

describe('a quota whose window slides', () => {
  it('is told from its answers, and each unit goes again a window after its own grant', () => {
    const run = drive(slidingLogLimiter({ limit: LIMIT, windowMs: WINDOW_MS }), 4 * WINDOW_MS);
    expect(run.state.sliding).toBe(true);
    // Until the first reset has passed, it reads as a fixed window: the burst sent when that
    // reset comes is what shows it slides (two of the three refused). Never again after.
    expect(run.refusedAt.every((at) => at === START + WINDOW_MS)).toBe(true);
    expect(run.refusedAt.length).toBeLessThanOrEqual(2);
    // At most 10 in any 10 s: 40 in 40 s; each unit held back only by the 25 ms margin.
    expect(run.admittedAt.length).toBeGreaterThanOrEqual(38);
    // One a second after the first window, as the first window's requests age out one by one.
    const second = run.admittedAt.filter((at) => at >= START + WINDOW_MS && at < START + 2 * WINDOW_MS);
    expect(second.length).toBe(LIMIT);
    expect(second.at(-1)! - second[0]!).toBeGreaterThanOrEqual(8_000);
  });

  it('never holds more than the limit in any window, however its grants are spread', () => {
    const run = drive(slidingLogLimiter({ limit: LIMIT, windowMs: WINDOW_MS }), 4 * WINDOW_MS);
    for (const [index, at] of run.admittedAt.entries()) {
      const inWindow = run.admittedAt.filter((other) => other > at - WINDOW_MS && other <= at);
      expect(inWindow.length, `admission ${index}`).toBeLessThanOrEqual(LIMIT);
    }
  });
});

describe('a fixed window announcing the same fields', () => {
  it('is not taken for a sliding one: each new window is spent at once', () => {
    const run = drive(fixedWindowLimiter(), 4 * WINDOW_MS);
    expect(run.state.sliding).not.toBe(true);
    expect(run.refusedAt).toEqual([]);
    // Four windows of 10, each after the first spent as soon as it opens.
    expect(run.admittedAt.length).toBe(4 * LIMIT);
    const second = run.admittedAt.filter((at) => at >= START + WINDOW_MS && at < START + 2 * WINDOW_MS);
    expect(second.at(-1)! - second[0]!).toBeLessThan(100);
  });
});
