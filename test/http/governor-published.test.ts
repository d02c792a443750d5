import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { RateLimitGovernor } from '../../src/http/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const ORIGIN = 'https://api.test';

/** When each of `count` concurrent requests to `path` is let through, in ms from the start. */
async function grantTimes(governor: RateLimitGovernor, now: () => number, path: string, count: number) {
  const start = now();
  return Promise.all(
    Array.from({ length: count }, async () => {
      const permit = await governor.acquire(new URL(path, ORIGIN));
      const at = now() - start;
      await permit.complete({ answered: true, status: 200, receivedAt: now(), observations: [] });
      return at;
    }),
  );
}

describe('quotas the service published', () => {
  function setup() {
    const clock = createVirtualClock(new ManualClock(Date.UTC(2026, 0, 1)));
    const governor = new RateLimitGovernor({ clock, random: () => 0, burst: 100 });
    return { clock, governor };
  }

  it('hold from the first request: a cold burst goes at once up to the quota, the rest a window later', async () => {
    const { clock, governor } = setup();
    await governor.publish(ORIGIN, [
      { name: 'generation', limit: 5, windowMs: 1_000, pathPrefixes: ['/v1'] },
    ]);
    const times = await grantTimes(governor, () => clock.now(), '/v1/images', 8);
    expect(times.filter((ms) => ms === 0)).toHaveLength(5);
    expect(Math.min(...times.filter((ms) => ms > 0))).toBeGreaterThanOrEqual(1_000);
  });

  it('count only the paths they name: another path is probed as unknown', async () => {
    const { clock, governor } = setup();
    await governor.publish(ORIGIN, [{ limit: 1, windowMs: 60_000, pathPrefixes: ['/v1'] }]);
    const first = await governor.acquire(new URL('/v2/other', ORIGIN));
    let second = false;
    void governor.acquire(new URL('/v2/other', ORIGIN)).then(() => (second = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe(false); // one probe at a time on a route nothing is known of
    await first.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
  });

  it('give way to what the answers say once a route has answered with its fields', async () => {
    const { clock, governor } = setup();
    await governor.publish(ORIGIN, [{ limit: 1, windowMs: 60_000 }]);
    const permit = await governor.acquire(new URL('/v1/images', ORIGIN));
    await permit.complete({
      answered: true,
      status: 200,
      receivedAt: clock.now(),
      observations: [
        {
          policy: 'real',
          limit: 100,
          remaining: 99,
          resetMs: 60_000,
          windowMs: 60_000,
          source: 'policy-list',
        },
      ],
    });
    const times = await grantTimes(governor, () => clock.now(), '/v1/images', 10);
    expect(times.every((ms) => ms === 0)).toBe(true);
  });
});
