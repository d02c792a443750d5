/**
 * A leaky bucket whose answers say how full it is (`used/depth`) and nothing about time, as
 * Shopify's REST Admin API documents (`X-Shopify-Shop-Api-Call-Limit: 32/40`, 429 with
 * `Retry-After: 2.0` past it). Taken as a window that refills whole each second, a bucket 40 deep
 * leaking 2 a second was overrun every second. The refill rate is measured from successive
 * readings instead: what came back between them (the change in what is left, plus what was
 * granted in between) over the time between; the depth is the limit. Depths and rates other than
 * Shopify's, so that nothing of one provider's figures is assumed.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_BUCKET } from '../../src/http/rate-limit/bucket-math.js';
import type { BucketState } from '../../src/http/rate-limit/rate-limit-store.js';
import type { ProviderLimiter } from '../support/provider-limit-servers/provider-service.js';
import { shopifyLimiter } from '../support/provider-limit-servers/shopify.js';
import { driveLedger } from './support/drive-ledger.js';

/** A client that always has requests to send, for `durationMs`. */
function drive(limiter: ProviderLimiter, durationMs: number, start?: BucketState) {
  return driveLedger(limiter, { durationMs, ...(start ? { start } : {}) });
}

describe('a bucket whose readings state no reset', () => {
  for (const { depth, leakPerSecond } of [
    { depth: 20, leakPerSecond: 4 },
    { depth: 60, leakPerSecond: 1 },
  ]) {
    it(`learns its refill rate (${depth} deep, ${leakPerSecond}/s) and paces at it`, () => {
      const durationMs = 60_000;
      const run = drive(shopifyLimiter({ depth, leakPerSecond }), durationMs);
      // Measured, never above the truth (readings are whole units).
      expect(run.state.leakPerMs).toBeLessThanOrEqual(leakPerSecond / 1000);
      expect(run.state.leakPerMs).toBeGreaterThan((0.9 * leakPerSecond) / 1000);
      // The whole depth at once, then the leak: at most what the bucket allows, at least 95 %.
      const allowed = depth + (leakPerSecond * durationMs) / 1000;
      expect(run.admittedAt.length).toBeLessThanOrEqual(allowed);
      expect(run.admittedAt.length).toBeGreaterThanOrEqual(0.95 * allowed);
      expect(run.refusedAt.length).toBeLessThanOrEqual(1);
    });
  }

  it('is cut by a refusal when what it learned was too fast, and learns again', () => {
    // A rate four times the truth, as if learned when another client stopped sharing the bucket.
    const wrong: BucketState = { ...EMPTY_BUCKET, limit: 20, leakPerMs: 0.008 };
    const run = drive(shopifyLimiter({ depth: 20, leakPerSecond: 2 }), 60_000, wrong);
    expect(run.state.leakPerMs).toBeLessThanOrEqual(0.002);
    expect(run.refusedAt.length).toBeLessThanOrEqual(3);
    expect(run.admittedAt.length).toBeGreaterThanOrEqual(0.95 * (20 + 120));
  });
});
