/**
 * A window the fields declare but whose reset they never state, as HubSpot documents its burst
 * limit: `X-HubSpot-RateLimit-Max: 100`, `-Interval-Milliseconds: 10000`, `-Remaining`, 100
 * requests in any rolling 10 s, and 429 without `Retry-After` past it. Its units come back as
 * the log's oldest leave, which read as a bucket refilling before a reset it never stated: the
 * ledger spread them evenly over the window and sent one a tenth of a second, each refused while
 * the log was full (17 % of the requests). Kept as a log (each unit counted a window after its
 * grant), no window of that length holds more than the limit, whatever its phase. Limits and
 * windows other than HubSpot's, so that nothing of one provider's figures is assumed; without
 * the daily fields (an OAuth app's answers), the ledger being driven by one reading per answer.
 */
import { describe, expect, it } from 'vitest';
import { hubSpotLimiter } from '../support/provider-limit-servers/hubspot.js';
import { driveLedger } from './support/drive-ledger.js';

describe('a rolling window declared without a reset', () => {
  for (const { limit, windowMs } of [
    { limit: 100, windowMs: 10_000 },
    { limit: 30, windowMs: 5_000 },
    { limit: 12, windowMs: 60_000 },
  ]) {
    it(`is kept as a log (${limit} in any ${windowMs / 1000} s): no refusal, the quota used`, () => {
      const durationMs = 6 * windowMs;
      const run = driveLedger(hubSpotLimiter({ limit, windowMs }), { durationMs });
      expect(run.refusedAt).toEqual([]);
      expect(run.admittedAt.length).toBeGreaterThanOrEqual(0.95 * limit * (durationMs / windowMs));
    });
  }

  it('keeps to the limit when the callers come and go', () => {
    const limit = 40;
    const windowMs = 4_000;
    // Bursts of 25 wanted every 1.7 s: some land on a full log, some on an emptying one.
    const run = driveLedger(hubSpotLimiter({ limit, windowMs }), {
      durationMs: 40_000,
      wanted: (now) => 25 * (1 + Math.floor((now - 1_767_225_600_000) / 1_700)),
    });
    expect(run.refusedAt).toEqual([]);
    expect(run.admittedAt.length).toBeGreaterThanOrEqual(0.95 * limit * 10);
  });
});
