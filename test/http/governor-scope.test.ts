import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { RateLimitGovernor, type RateLimitObservation } from '../../src/http/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const LIMIT = 4;
const ROUTES = [new URL('https://api.test/v1/submit'), new URL('https://api.test/v1/status/7')];

/**
 * Unnamed fields (`RateLimit-Limit/-Remaining/-Reset`) from a server that counts each route
 * apart in windows of a second, `LIMIT` each: requests to both routes, as many callers as
 * asked, for `seconds`; resolves to the grants per route in each second.
 */
async function run(options: { perRoute: boolean; seconds: number }) {
  const manual = new ManualClock(Date.UTC(2026, 0, 1));
  const clock = createVirtualClock(manual);
  const governor = new RateLimitGovernor({ clock, random: () => 0 });
  const start = clock.now();
  const counts = new Map<string, number>();
  const granted: Array<{ route: number; second: number }> = [];
  const caller = async (route: number) => {
    while (clock.now() - start < options.seconds * 1000) {
      const permit = await governor.acquire(ROUTES[route]!);
      const now = clock.now();
      const window = Math.floor(now / 1000);
      const key = options.perRoute ? `${route}:${window}` : `${window}`;
      const used = (counts.get(key) ?? 0) + 1;
      counts.set(key, used);
      granted.push({ route, second: Math.floor((now - start) / 1000) });
      const observation: RateLimitObservation = {
        limit: LIMIT,
        remaining: Math.max(0, LIMIT - used),
        resetMs: (window + 1) * 1000 - now,
        source: 'separate',
      };
      await permit.complete({
        answered: true,
        status: used > LIMIT ? 429 : 200,
        receivedAt: now,
        observations: [observation],
      });
    }
  };
  await Promise.all([0, 1, 0, 1, 0, 1].map(caller));
  const refused = [...counts.values()].filter((used) => used > LIMIT).length;
  return { granted, refused };
}

describe('the scope of a quota whose fields name no policy', () => {
  it('is taken as the account-wide quota of every route at first', async () => {
    const { granted, refused } = await run({ perRoute: false, seconds: 6 });
    expect(refused).toBe(0);
    for (let second = 1; second < 5; second += 1) {
      expect(granted.filter((grant) => grant.second === second).length).toBeLessThanOrEqual(LIMIT);
    }
  });

  it('is counted per route once the readings show the routes do not share it', async () => {
    const { granted, refused } = await run({ perRoute: true, seconds: 6 });
    expect(refused).toBe(0);
    // Early on the routes share what one quota allows; later each route gets its own.
    const late = granted.filter((grant) => grant.second === 5);
    expect(late.length).toBeGreaterThan(LIMIT);
    expect(late.filter((grant) => grant.route === 0).length).toBeLessThanOrEqual(LIMIT);
  });
});
