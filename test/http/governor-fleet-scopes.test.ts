/**
 * Which quota each route draws on is learned once for a fleet: governors sharing a store (here
 * the memory store; `redis/shared-route-scopes.test.ts` for Redis) read it from the store, so
 * a governor that joins paces its first requests against the right quota, without a probe and
 * without the refusal a probe into a spent quota meets.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RateLimitGovernor } from '../../src/http/index.js';
import { decodeVersionedState, encodeBucketState } from '../../src/http/rate-limit/bucket-state-codec.js';
import { MAX_ROUTE_SCOPES } from '../../src/http/rate-limit/route-scope-record.js';
import { ORIGIN, scopeFleet, spendThenJoin } from '../support/route-scope-fleet.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);

describe('route scopes shared through the store', () => {
  it('a second governor uses the scope the first learned from its first answer', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const { governors, send } = scopeFleet([store, store], clock);
    expect(await send(0, '/search/code')).toBe(200);
    // Both requests left, at once on the joining governor: none waits for a probe's answer.
    const permits = await Promise.all(
      [0, 1].map(() => governors[1]!.acquire(new URL(`${ORIGIN}/search/code`))),
    );
    for (const permit of permits) expect(permit.buckets).toEqual([`${ORIGIN}#search#`]);
    expect(clock.now()).toBe(START);
  });

  it('four governors keep to a spent quota the first one learned: no refusal', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const fleet = scopeFleet([store, store, store, store], clock);
    const run = await spendThenJoin(fleet);
    expect(run.statuses.every((status) => status === 200)).toBe(true);
    expect(run.refused).toBe(0);
    // The joiners waited for the search quota's reset, not for a probe.
    expect(run.waitedForSearch).toEqual([true, true, true]);
  });

  it('a joining governor counts each route apart once the fleet proved the unnamed fields do', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const routes = [new URL(`${ORIGIN}/v1/submit`), new URL(`${ORIGIN}/v1/status/7`)];
    const first = new RateLimitGovernor({ clock, store, random: () => 0 });
    // Both routes open a window of their own at once (`remaining = limit - 1` twice): per route.
    for (const url of routes) {
      const permit = await first.acquire(url);
      await permit.complete({
        answered: true,
        status: 200,
        receivedAt: clock.now(),
        observations: [{ limit: 4, remaining: 3, resetMs: 1_000, source: 'separate' }],
      });
    }
    const joining = new RateLimitGovernor({ clock, store, random: () => 0 });
    const permit = await joining.acquire(routes[0]!);
    expect(permit.buckets).toEqual([`${ORIGIN}/v1/submit`]);
  });

  it('reads a malformed or foreign record as nothing known, and never takes another origin’s quota', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const foreign = [
      { scopes: 'all' },
      { scopes: [['/search/code', ['https://elsewhere.test#search#']]] },
      { scopes: [['/search/code', []]] },
      {
        scopes: Array.from({ length: MAX_ROUTE_SCOPES + 1 }, (_, index) => [`/r/${index}`, [`${ORIGIN}#a#`]]),
      },
      { scopes: [[42, [`${ORIGIN}#a#`]]] },
    ];
    for (const routes of foreign) {
      await store.compareAndSet(
        `${ORIGIN}#routes`,
        (await store.read(`${ORIGIN}#routes`))?.version ?? 0,
        {
          blockedUntil: 0,
          routes: routes as never,
        },
        60_000,
      );
      const governor = new RateLimitGovernor({ clock, store, random: () => 0 });
      const permit = await governor.acquire(new URL(`${ORIGIN}/search/code`));
      expect(permit.buckets).not.toContain('https://elsewhere.test#search#');
      expect(permit.wantsObservations).toBe(true);
      await permit.complete({ answered: false, receivedAt: clock.now(), observations: [] });
    }
  });

  it('the codec keeps a route-scope record as written and drops a foreign one', () => {
    const routes = { scopes: [['/search/code', [`${ORIGIN}#search#`]] as const], perRoute: true };
    expect(decodeVersionedState(`3:${encodeBucketState({ blockedUntil: 0, routes })}`)?.state.routes).toEqual(
      routes,
    );
    const foreign = decodeVersionedState('4:{"blockedUntil":0,"routes":{"scopes":[["/a",[1]]]}}');
    expect(foreign).toEqual({ version: 4, state: { blockedUntil: 0 } });
  });
});
