/**
 * The spend benchmark's end-to-end variant on a small budget: through real sessions against the
 * emulator, every priced model's estimate is within 1 % of its debit, and callers under
 * `connect({ budget })` never spend past it, use nearly all of it, and settle what the ledger took.
 */
import { describe, expect, it } from 'vitest';
import { runEndToEnd } from '../../bench/spend/end-to-end.js';
import { errorsByUnit } from '../../bench/spend/estimate-errors.js';
import { spendThroughSession } from '../../bench/spend/session-spenders.js';
import { startAdapterBed } from '../support/adapter-bed.js';

describe('the spend benchmark through sessions', () => {
  it('keeps callers within the budget, estimates within 1 % and settles what the ledger charged', async () => {
    const budget = 1.5;
    const result = await runEndToEnd({ budget, callers: 10, latencyMs: 0 });

    const units = errorsByUnit(result.estimates);
    expect(units.map((unit) => unit.unit).sort()).toEqual([
      '1K tokens',
      'image',
      'request',
      'second of video',
    ]);
    for (const unit of units) expect(unit.max, unit.unit).toBeLessThanOrEqual(0.01);

    const { budgeted } = result;
    expect(budgeted.report.refused).toBeGreaterThan(0);
    expect(budgeted.charged).toBeLessThanOrEqual(budget);
    // The last caller to stop was refused with less left than its family's cheapest call: at most
    // the cheapest video (seven seconds), which the bench's $20 budget makes under 1.5 %.
    const videos = result.estimates.filter((entry) => entry.unit === 'second of video');
    const cheapestVideo = Math.min(...videos.map((entry) => entry.estimated));
    expect(budget - budgeted.charged).toBeLessThan(cheapestVideo);
    expect(budgeted.reserved).toBe(0);
    expect(budgeted.settled).toBeCloseTo(budgeted.charged, 6);
    // Without a budget the same callers are stopped only by their own tally.
    expect(result.tallied.report.refused).toBe(0);
    expect(result.tallied.charged).toBeGreaterThan(0);
  });
});

describe('a caller through a session with a budget', () => {
  it('asks the cheaper model a refusal names, and stops when a refusal names none', async () => {
    // veo-3 costs $0.70 for seven seconds: one fits $1, then only a cheaper video of $0.28 fits.
    const bed = await startAdapterBed({
      operations: { ids: ['v8_video_text_to_video'] },
      budget: { amount: 1, currency: 'usd' },
    });
    try {
      const asked = { model_id: 'veo-3', prompt: 'a fox', duration: 7 };
      const report = await spendThroughSession({
        session: bed.session,
        callers: 1,
        choices: [{ operationId: 'v8_video_text_to_video', input: asked }],
      });
      expect(report).toEqual({ calls: 2, refused: 2, switched: 1 });
      const spend = await bed.session.spend();
      expect(spend?.settled).toBeCloseTo(0.98, 6);
      expect(10 - (bed.emulator.inspect(bed.account.email)?.balance ?? 0)).toBeCloseTo(0.98, 6);
    } finally {
      await bed.close();
    }
  });
});
