import { describe, expect, it } from 'vitest';
import { nextPollDelay, POLL_SCHEDULES, scheduleFor } from '../../src/jobs/index.js';

describe('polling schedule', () => {
  it("starts from the spec's recommendation: images every 5 s, voice every 3 s", () => {
    expect(nextPollDelay(scheduleFor('image'), 0, undefined)).toBe(5_000);
    expect(nextPollDelay(scheduleFor('audio'), 0, undefined)).toBe(3_000);
    expect(nextPollDelay(scheduleFor('image-editing'), 0, undefined)).toBe(5_000);
    expect(scheduleFor('video').initialDelayMs).toBeGreaterThan(POLL_SCHEDULES.image.initialDelayMs);
    expect(scheduleFor('training').intervalMs).toBeGreaterThanOrEqual(60_000);
  });

  it('polls first just after the eta, never before it', () => {
    const schedule = scheduleFor('video');
    expect(nextPollDelay(schedule, 0, 90_000)).toBe(90_000 + schedule.etaMarginMs);
    expect(nextPollDelay(scheduleFor('image'), 0, 2_000)).toBe(2_500);
  });

  it('backs off after the first poll, up to the longest interval', () => {
    const schedule = scheduleFor('image');
    const delays = [1, 2, 3, 4, 5].map((polls) => nextPollDelay(schedule, polls, undefined));
    expect(delays).toEqual([5_000, 7_500, 11_250, 15_000, 15_000]);
  });

  it('follows each new eta after the first poll, between a floor and a ceiling', () => {
    const image = scheduleFor('image');
    expect(nextPollDelay(image, 2, 40_000)).toBe(40_500);
    // A shorter eta is followed too, not a fixed back-off...
    expect(nextPollDelay(image, 2, 1_000)).toBe(1_500);
    // ...but never into a tight loop, nor past the ceiling on an absurd estimate.
    expect(nextPollDelay(image, 5, 0)).toBe(image.minIntervalMs);
    expect(nextPollDelay(image, 2, 86_400_000)).toBe(image.maxEtaMs);
  });

  it('takes overrides', () => {
    expect(nextPollDelay(scheduleFor('video', { initialDelayMs: 1 }), 0, undefined)).toBe(1);
    expect(scheduleFor('unknown-family')).toEqual(POLL_SCHEDULES.default);
  });
});
