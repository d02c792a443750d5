/**
 * The governor's tests that depend on where its state lives, as one suite run against every
 * store: in memory (`rate-limit-governor.test.ts`) and in a real Redis (`redis/`). Time is
 * virtual; calls to the store hold it still, as requests on the wire do.
 */

import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import {
  RateLimitGovernor,
  type RateLimitObservation,
  type RateLimitPermit,
  type RateLimitStore,
  type ThrottleWait,
} from '../../../src/http/index.js';
import { ThrottleDeadlineError } from '../../../src/http/rate-limit/throttle-deadline-error.js';
import { createVirtualClock, type VirtualClock } from '../../support/virtual-clock.js';

export const URL_A = new URL('https://api.test/api/v7/images/text-to-image');
export const URL_B = new URL('https://api.test/api/v7/images/fetch/123');

/** Where a suite's governors keep their state. */
export interface GovernorStores {
  readonly name: string;
  /**
   * `count` handles on one fresh, empty namespace: the same object for an in-process store,
   * separate connections for a shared one (as separate processes would have).
   */
  open(count: number, clock: VirtualClock): Promise<readonly RateLimitStore[]>;
}

/** A named policy of `limit` per `windowSeconds`, with `remaining` left and the reset `resetSeconds` away. */
export const quota = (
  limit: number,
  remaining: number,
  resetSeconds: number,
  windowSeconds = 60,
): RateLimitObservation => ({
  policy: 'generation',
  limit,
  remaining,
  resetMs: resetSeconds * 1000,
  windowMs: windowSeconds * 1000,
  source: 'policy-list',
});

/** `store` whose calls hold virtual time still until they settle, as a request on the wire does. */
function heldStore(store: RateLimitStore, clock: VirtualClock): RateLimitStore {
  return {
    read: (bucket) => clock.hold(() => store.read(bucket)),
    compareAndSet: (bucket, version, state, ttlMs) =>
      clock.hold(() => store.compareAndSet(bucket, version, state, ttlMs)),
  };
}

/** An answer that taught nothing new. */
const plainAnswer = (clock: VirtualClock) => ({
  answered: true as const,
  status: 200,
  receivedAt: clock.now(),
  observations: [],
});

/**
 * Sends the first request of a route (the probe) and answers it with `observations`; resolves to
 * the time of that answer.
 */
async function teach(
  governor: RateLimitGovernor,
  clock: VirtualClock,
  observations: RateLimitObservation[],
  answer: { readonly status?: number; readonly retryAfterMs?: number } = {},
): Promise<number> {
  const probe = await governor.acquire(URL_A);
  const at = clock.now();
  await probe.complete({
    answered: true,
    status: answer.status ?? 200,
    receivedAt: at,
    observations,
    ...answer,
  });
  return at;
}

/** When each of `count` concurrent callers was let through, in ms after `start`. */
async function grantTimes(governor: RateLimitGovernor, clock: VirtualClock, count: number, start: number) {
  const grantedAt: number[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const permit = await governor.acquire(URL_A);
      grantedAt.push(clock.now() - start);
      await permit.complete(plainAnswer(clock));
    }),
  );
  return grantedAt;
}

/** Registers the store-dependent governor tests for `stores`. */
export function describeGovernorSuite(stores: GovernorStores): void {
  async function setup(options: { burst?: number } = {}) {
    const manual = new ManualClock(Date.UTC(2026, 0, 1));
    const clock = createVirtualClock(manual);
    const [store] = await stores.open(1, clock);
    const waits: ThrottleWait[] = [];
    const governor = new RateLimitGovernor({
      clock,
      store: heldStore(store!, clock),
      random: () => 0,
      onWait: (wait) => waits.push(wait),
      ...options,
    });
    return { clock, governor, waits };
  }

  describe(`RateLimitGovernor with ${stores.name}`, () => {
    it('lets one probe out for an unknown route and holds the rest until it answers', async () => {
      const { clock, governor } = await setup();
      const first = await governor.acquire(URL_A);
      let secondGranted = false;
      const second = governor.acquire(URL_A).then((permit) => {
        secondGranted = true;
        return permit;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(secondGranted).toBe(false);
      await first.complete({
        answered: true,
        status: 200,
        receivedAt: clock.now(),
        observations: [quota(10, 9, 60)],
      });
      await (await second).complete({
        answered: true,
        status: 200,
        receivedAt: clock.now(),
        observations: [],
      });
      expect(secondGranted).toBe(true);
    });

    it('never grants more than the remaining quota before the reset', async () => {
      const { clock, governor } = await setup({ burst: 100 });
      const start = await teach(governor, clock, [quota(4, 3, 10)]);
      const grantedAt = await grantTimes(governor, clock, 6, start);
      expect(grantedAt.filter((ms) => ms < 10_000)).toHaveLength(3);
      expect(Math.min(...grantedAt.filter((ms) => ms >= 10_000))).toBe(10_000);
    });

    it('sends at once the burst a declared window offers, on this store as on its own', async () => {
      const { clock, governor } = await setup({ burst: 2 });
      const start = await teach(governor, clock, [quota(10, 10, 60)]);
      const grantedAt = await grantTimes(governor, clock, 10, start);
      expect(grantedAt).toEqual(Array.from({ length: 10 }, () => 0));
    });

    it('spreads a crowd over the window after a small burst when nothing says a burst is there', async () => {
      const { clock, governor, waits } = await setup({ burst: 2 });
      // The window is not declared and one reading cannot tell a window from a refilling bucket.
      const { windowMs: _undeclared, ...reading } = quota(10, 10, 60);
      const start = await teach(governor, clock, [reading]);
      const grantedAt = await grantTimes(governor, clock, 10, start);
      grantedAt.sort((a, b) => a - b);
      expect(grantedAt.slice(0, 3)).toEqual([0, 0, 0]);
      // After the burst, requests are spaced out rather than sent together, and all fit the window.
      const gaps = grantedAt.slice(3).map((ms, index) => ms - grantedAt[index + 2]!);
      expect(Math.min(...gaps)).toBeGreaterThan(1_000);
      expect(grantedAt.at(-1)!).toBeGreaterThan(15_000);
      expect(grantedAt.at(-1)!).toBeLessThan(60_000);
      expect(waits.some((wait) => wait.reason === 'pacing')).toBe(true);
    });

    it('shares one named bucket between routes once both have answered', async () => {
      const { clock, governor } = await setup({ burst: 100 });
      for (const url of [URL_A, URL_B]) {
        const permit = await governor.acquire(url);
        await permit.complete({
          answered: true,
          status: 200,
          receivedAt: clock.now(),
          observations: [quota(5, 2, 30)],
        });
      }
      const start = clock.now();
      const permits = await Promise.all([
        governor.acquire(URL_A),
        governor.acquire(URL_B),
        governor.acquire(URL_A),
      ]);
      expect(permits[0]!.buckets).toEqual(permits[1]!.buckets);
      expect(clock.now() - start).toBe(30_000); // two went at once, the third waited for the reset
    });

    it('blocks the bucket until Retry-After, and serves waiters in arrival order', async () => {
      const { clock, governor } = await setup({ burst: 100 });
      const start = await teach(governor, clock, [quota(10, 5, 60)], { status: 429, retryAfterMs: 7_000 });
      const order: number[] = [];
      await Promise.all(
        [0, 1, 2, 3].map(async (index) => {
          const permit = await governor.acquire(URL_A);
          order.push(index);
          expect(clock.now() - start).toBeGreaterThanOrEqual(7_000);
          await permit.complete(plainAnswer(clock));
        }),
      );
      expect(order).toEqual([0, 1, 2, 3]);
    });

    it('refuses at once when the wait would pass the caller deadline', async () => {
      const { clock, governor } = await setup();
      await teach(governor, clock, [quota(10, 0, 50)]);
      await expect(governor.acquire(URL_A, { deadline: clock.now() + 10_000 })).rejects.toBeInstanceOf(
        ThrottleDeadlineError,
      );
    });

    it('lets an aborted waiter go without blocking the queue', async () => {
      const { clock, governor } = await setup();
      await teach(governor, clock, [quota(10, 0, 50)]);
      const controller = new AbortController();
      const waiting = governor.acquire(URL_A, { signal: controller.signal });
      controller.abort(new Error('stop'));
      await expect(waiting).rejects.toThrow('stop');
    });

    it('never over-grants a quota shared through one store by two governors (two connections)', async () => {
      const manual = new ManualClock(Date.UTC(2026, 0, 1));
      const clock = createVirtualClock(manual);
      const shared = await stores.open(2, clock);
      const governors = shared.map(
        (store) =>
          new RateLimitGovernor({ clock, store: heldStore(store, clock), burst: 100, random: () => 0 }),
      );
      for (const governor of governors) {
        const permit = await governor.acquire(URL_A);
        await permit.complete({
          answered: true,
          status: 200,
          receivedAt: clock.now(),
          observations: [quota(6, 4, 20)],
        });
      }
      const start = clock.now();
      const times = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          await governors[index % 2]!.acquire(URL_A);
          return clock.now() - start;
        }),
      );
      expect(times.filter((ms) => ms < 20_000)).toHaveLength(4);
    });

    it("keeps another governor's grants still on their way when an answer that did not count them arrives", async () => {
      // A server window of 6 per 20 s counting what reaches it. Governor B is granted two
      // requests and is slow to send them (a process loading its transport, a long GC pause);
      // meanwhile A's answer reports a count without them. They must stay in the shared ledger
      // until the server can have counted them, or A spends their units and B's arrive refused.
      const manual = new ManualClock(Date.UTC(2026, 0, 1));
      const clock = createVirtualClock(manual);
      const shared = await stores.open(2, clock);
      const [a, b] = shared.map(
        (store) =>
          new RateLimitGovernor({ clock, store: heldStore(store, clock), burst: 100, random: () => 0 }),
      ) as [RateLimitGovernor, RateLimitGovernor];
      const LIMIT = 6;
      const windowEnd = clock.now() + 20_000;
      let seen = 0;
      let refused = 0;
      /** The server receives a request now and answers with what it counted. */
      const send = async (permit: RateLimitPermit) => {
        const inWindow = clock.now() < windowEnd;
        if (inWindow && seen >= LIMIT) refused += 1;
        else seen += 1;
        const left = Math.max(0, LIMIT - seen);
        await permit.complete({
          answered: true,
          status: inWindow && seen > LIMIT ? 429 : 200,
          receivedAt: clock.now(),
          observations: inWindow ? [quota(LIMIT, left, (windowEnd - clock.now()) / 1000, 20)] : [],
        });
      };
      await send(await a.acquire(URL_A));
      await send(await b.acquire(URL_A));
      // B is granted two, and sends them only later.
      const delayed = [await b.acquire(URL_A), await b.acquire(URL_A)];
      // A sends one; its answer counts 3 (the probes and itself), not B's two on their way.
      await send(await a.acquire(URL_A));
      // A's crowd may have what is left once B's two are counted: one request before the reset.
      const start = clock.now();
      const crowd = Array.from({ length: 3 }, async () => {
        const permit = await a.acquire(URL_A);
        const at = clock.now() - start;
        if (at < windowEnd - start) await send(permit);
        return at;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const permit of delayed) await send(permit);
      const times = await Promise.all(crowd);
      expect(refused).toBe(0);
      expect(times.filter((ms) => ms < windowEnd - start)).toHaveLength(1);
    });
  });

  describe(`reading the fields with ${stores.name}`, () => {
    it('reads every answer of a small or unknown quota', async () => {
      const { clock, governor } = await setup();
      const probe = await governor.acquire(URL_A);
      expect(probe.wantsObservations).toBe(true);
      await probe.complete({
        answered: true,
        status: 200,
        receivedAt: clock.now(),
        observations: [quota(10, 9, 60)],
      });
      expect((await governor.acquire(URL_A)).wantsObservations).toBe(true);
    });

    it('reads a comfortable quota at most once a second', async () => {
      const { clock, governor } = await setup();
      await teach(governor, clock, [quota(1000, 900, 60)]);
      const next = await governor.acquire(URL_A);
      expect(next.wantsObservations).toBe(false);
      await next.complete(plainAnswer(clock));
      await clock.sleep(1_000);
      expect((await governor.acquire(URL_A)).wantsObservations).toBe(true);
    });
  });
}
