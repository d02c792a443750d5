/**
 * Route scopes kept in one Redis by four clients (four processes' worth, each its own
 * connection): the quota a route draws on, learned by one from its first answer, is the one the
 * others pace against from their first request.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisFleetStores } from '../../support/redis-fleet-stores.js';
import { ORIGIN, scopeFleet, spendThenJoin } from '../../support/route-scope-fleet.js';
import { createVirtualClock } from '../../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);
const redis = redisFleetStores('route-scopes');

beforeAll(() => redis.start(), 30_000);
afterAll(() => redis.stop());

describe('four clients sharing one Redis', () => {
  it('use the scope the first learned from its first answer, without a probe', async () => {
    const clock = createVirtualClock(new ManualClock(START), { sequential: true });
    const { governors, send } = scopeFleet(await redis.stores(4, clock), clock);
    expect(await send(0, '/search/code')).toBe(200);
    // The two requests left of the search quota, at once from two joining clients.
    const permits = await Promise.all(
      [1, 2].map((index) => governors[index]!.acquire(new URL(`${ORIGIN}/search/code`))),
    );
    for (const permit of permits) expect(permit.buckets).toEqual([`${ORIGIN}#search#`]);
    expect(clock.now()).toBe(START);
  }, 30_000);

  it('keep to a spent quota one of them learned: no refusal', async () => {
    const clock = createVirtualClock(new ManualClock(START), { sequential: true });
    const fleet = scopeFleet(await redis.stores(4, clock), clock);
    const run = await spendThenJoin(fleet);
    expect(run.statuses.every((status) => status === 200)).toBe(true);
    expect(run.refused).toBe(0);
    // The joiners waited for the search quota's reset, not for a probe.
    expect(run.waitedForSearch).toEqual([true, true, true]);
  }, 30_000);
});
