/**
 * Limits a developer declares from a service's documentation (`rateLimit.quotas`), as Bottleneck
 * is configured by hand: kept from the first request, and corrected by the answers. Against the
 * servers written from providers' documentation that state their limit in no field, told the
 * documented limit, the toolkit meets no refusal, as Bottleneck; told it twice too high, it does no
 * worse than learning it cold; told it twice too low, it keeps to it, as Bottleneck does. On
 * virtual time.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors/index.js';
import { HttpClient, type PublishedQuota, RateLimitGovernor } from '../../src/http/index.js';
import { providerLimitServer } from '../support/provider-limit-servers/index.js';
import { runAgainst } from '../support/provider-limit-servers/run-against.js';
import { toolkitToldClient } from '../support/provider-limit-servers/toolkit-client.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const SHAPE = { jobs: 200, callers: 50, jobMs: 1_000 };
const ORIGIN = 'https://api.test';

/** Refused share, quota used and wall ÷ least of the toolkit told `quotas` against server `id`. */
async function measure(id: string, quotas?: readonly PublishedQuota[]) {
  const server = providerLimitServer(id);
  const run = await runAgainst(server, toolkitToldClient(quotas), SHAPE);
  expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
  expect(run.client.lostJobs).toBe(0);
  return {
    refused: run.refused,
    used: server.quotaUsed(run.counts, run.wallMs, run.shape),
    ratio: run.wallMs / server.minimumMs(run.shape),
  };
}

/** `quotas` with every count (not the window) times `factor`. */
function scaled(quotas: readonly PublishedQuota[], factor: number): PublishedQuota[] {
  return quotas.map((quota) => ({
    ...quota,
    ...(quota.limit !== undefined ? { limit: Math.round(quota.limit * factor) } : {}),
    ...(quota.refillPerSecond !== undefined ? { refillPerSecond: quota.refillPerSecond * factor } : {}),
  }));
}

describe('a token bucket declared from the documentation (Stripe-like: 20 deep, 5 a second, no fields)', () => {
  const told: PublishedQuota[] = [{ limit: 20, refillPerSecond: 5 }];

  it('spends the depth at once, then the refill, with no refusal', async () => {
    const run = await measure('stripe', told);
    expect(run.refused).toBe(0);
    expect(run.used).toBeGreaterThanOrEqual(0.95);
    expect(run.ratio).toBeLessThanOrEqual(1.1);
  });

  it('declared twice too high, does no worse than learning cold; twice too low, is kept to, never passed', async () => {
    const cold = await measure('stripe');
    const high = await measure('stripe', scaled(told, 2));
    expect(high.refused).toBeLessThanOrEqual(cold.refused);
    expect(high.used).toBeGreaterThanOrEqual(0.95);
    expect(high.ratio).toBeLessThanOrEqual(1.1);
    const low = await measure('stripe', scaled(told, 0.5));
    expect(low.refused).toBe(0);
    // Half the documented rate, after the declared depth at once: about twice the least time.
    expect(low.ratio, String(low.ratio)).toBeGreaterThan(1.5);
  });
});

describe('a window declared from the documentation (Gemini-like: 40 per 10 s on the clock, no fields)', () => {
  it('spends each window early, whatever the server’s phase, with no refusal', async () => {
    const run = await measure('gemini', [{ limit: 40, windowMs: 10_000 }]);
    expect(run.refused).toBe(0);
    expect(run.used).toBeGreaterThanOrEqual(0.95);
    expect(run.ratio).toBeLessThanOrEqual(1.1);
  });

  it('declared twice too high, refuses no more than learning cold', async () => {
    const cold = await measure('gemini');
    const wrong = await measure('gemini', [{ limit: 80, windowMs: 10_000 }]);
    expect(wrong.refused).toBeLessThanOrEqual(cold.refused);
    expect(wrong.ratio).toBeLessThanOrEqual(1.1);
  });
});

describe('a cap on requests in flight declared from the documentation (GitHub’s secondary limit: 10)', () => {
  it('holds the requests past the cap from the first request', async () => {
    const cold = await measure('github-secondary-429');
    const run = await measure('github-secondary-429', [{ maxInFlight: 10 }]);
    expect(cold.refused).toBeGreaterThan(0);
    expect(run.refused).toBe(0);
    expect(run.used).toBeGreaterThanOrEqual(0.95);
    expect(run.ratio).toBeLessThanOrEqual(1.1);
  });

  it('declared twice too high, is corrected by the first refusal: no more refusals than cold', async () => {
    const cold = await measure('github-secondary-403');
    const wrong = await measure('github-secondary-403', [{ maxInFlight: 20 }]);
    expect(wrong.refused).toBeLessThanOrEqual(cold.refused);
    expect(wrong.used).toBeGreaterThanOrEqual(0.95 * cold.used);
  });
});

describe('declared quotas, as the governor takes them', () => {
  function setup(quotas: readonly PublishedQuota[]) {
    const clock = createVirtualClock(new ManualClock(Date.UTC(2026, 0, 1)));
    const governor = new RateLimitGovernor({ clock, random: () => 0, quotas: { [ORIGIN]: quotas } });
    return { clock, governor };
  }

  /** When each of `count` concurrent requests is let through, in ms from the start; each answered at once. */
  async function grantTimes(setupOf: ReturnType<typeof setup>, count: number, status = 200) {
    const { clock, governor } = setupOf;
    const start = clock.now();
    return Promise.all(
      Array.from({ length: count }, async () => {
        const permit = await governor.acquire(new URL('/v1/jobs', ORIGIN));
        const at = clock.now() - start;
        await permit.complete({ answered: true, status, receivedAt: clock.now(), observations: [] });
        return at;
      }),
    );
  }

  it('a token bucket: its depth at once, no probe, then one request per refill', async () => {
    const bed = setup([{ limit: 4, refillPerSecond: 2 }]);
    const times = (await grantTimes(bed, 8)).sort((a, b) => a - b);
    expect(times.slice(0, 4)).toEqual([0, 0, 0, 0]);
    // Then one each 500 ms (a jitter of 0).
    expect(times.slice(4)).toEqual([500, 1_000, 1_500, 2_000]);
    expect(await bed.governor.rateLimits()).toEqual([
      expect.objectContaining({ source: 'published', limit: 4, ratePerSecond: 2 }),
    ]);
  });

  it('a refusal below a declared rate drops the declaration: the rate is learned from the refusals', async () => {
    const bed = setup([{ limit: 2, refillPerSecond: 10 }]);
    await grantTimes(bed, 2);
    await grantTimes(bed, 1, 429);
    const [belief] = await bed.governor.rateLimits();
    expect(belief).toEqual(expect.objectContaining({ source: 'refusals' }));
    expect(belief?.ratePerSecond).toBeLessThan(10);
  });

  it('a cap on requests in flight: the next waits for an answer', async () => {
    const { clock, governor } = setup([{ maxInFlight: 2 }]);
    const first = await governor.acquire(new URL('/v1/a', ORIGIN));
    const second = await governor.acquire(new URL('/v1/b', ORIGIN));
    let third = false;
    const waiting = governor.acquire(new URL('/v1/c', ORIGIN)).then((permit) => {
      third = true;
      return permit;
    });
    await clock.sleep(1_000);
    expect(third).toBe(false);
    await first.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
    const permit = await waiting;
    expect(third).toBe(true);
    for (const open of [second, permit])
      await open.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
  });

  it('refuses a declaration that cannot be right, before anything is sent', () => {
    expect(() => setup([{ limit: -1, windowMs: 1_000 }])).toThrow(UsageError);
    expect(() => setup([{ limit: 10 }])).toThrow(/limit and windowMs/);
    expect(() => new RateLimitGovernor({ quotas: { 'api.test': [{ maxInFlight: 2 }] } })).toThrow(
      /keyed by origin/,
    );
    expect(
      () => new HttpClient({ baseUrl: ORIGIN, rateLimit: { quotas: [{ refillPerSecond: Number.NaN }] } }),
    ).toThrow(/refillPerSecond must be a positive number/);
  });
});
