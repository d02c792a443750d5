import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/emulator/clock.js';
import {
  MemoryRateLimitStore,
  RateLimitGovernor,
  type RateLimitObservation,
  type ThrottleWait,
} from '../../src/http/index.js';
import { observe, rollOver } from '../../src/http/rate-limit/bucket-math.js';
import { ThrottleDeadlineError } from '../../src/http/rate-limit/throttle-deadline-error.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const URL_A = new URL('https://api.test/api/v7/images/text-to-image');
const URL_B = new URL('https://api.test/api/v7/images/fetch/123');

function setup(options: { burst?: number; store?: MemoryRateLimitStore } = {}) {
  const manual = new ManualClock(Date.UTC(2026, 0, 1));
  const clock = createVirtualClock(manual);
  const waits: ThrottleWait[] = [];
  const governor = new RateLimitGovernor({
    clock,
    random: () => 0,
    onWait: (wait) => waits.push(wait),
    ...options,
  });
  return { clock, governor, waits };
}

/** A named policy of `limit` per `windowSeconds`, with `remaining` left and the reset `resetSeconds` away. */
const quota = (
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

describe('RateLimitGovernor', () => {
  it('lets one probe out for an unknown route and holds the rest until it answers', async () => {
    const { clock, governor } = setup();
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
    await (await second).complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
    expect(secondGranted).toBe(true);
  });

  it('never grants more than the remaining quota before the reset', async () => {
    const { clock, governor } = setup({ burst: 100 });
    const probe = await governor.acquire(URL_A);
    const start = clock.now();
    await probe.complete({ answered: true, status: 200, receivedAt: start, observations: [quota(4, 3, 10)] });
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const permit = await governor.acquire(URL_A);
        grantedAt.push(clock.now() - start);
        await permit.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
      }),
    );
    expect(grantedAt.filter((ms) => ms < 10_000)).toHaveLength(3);
    expect(Math.min(...grantedAt.filter((ms) => ms >= 10_000))).toBe(10_000);
  });

  it('spreads a crowd over the window after a small burst', async () => {
    const { clock, governor, waits } = setup({ burst: 2 });
    const probe = await governor.acquire(URL_A);
    const start = clock.now();
    await probe.complete({
      answered: true,
      status: 200,
      receivedAt: start,
      observations: [quota(10, 10, 60)],
    });
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const permit = await governor.acquire(URL_A);
        grantedAt.push(clock.now() - start);
        await permit.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
      }),
    );
    grantedAt.sort((a, b) => a - b);
    expect(grantedAt.slice(0, 3)).toEqual([0, 0, 0]);
    // After the burst, requests are spaced out rather than sent together, and all fit the window.
    const gaps = grantedAt.slice(3).map((ms, index) => ms - grantedAt[index + 2]!);
    expect(Math.min(...gaps)).toBeGreaterThan(3_000);
    expect(grantedAt.at(-1)!).toBeGreaterThan(30_000);
    expect(grantedAt.at(-1)!).toBeLessThan(60_000);
    expect(waits.some((wait) => wait.reason === 'pacing')).toBe(true);
  });

  it('shares one named bucket between routes once both have answered', async () => {
    const { clock, governor } = setup({ burst: 100 });
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
    const { clock, governor } = setup({ burst: 100 });
    const probe = await governor.acquire(URL_A);
    const start = clock.now();
    await probe.complete({
      answered: true,
      status: 429,
      receivedAt: start,
      observations: [quota(10, 5, 60)],
      retryAfterMs: 7_000,
    });
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async (index) => {
        const permit = await governor.acquire(URL_A);
        order.push(index);
        expect(clock.now() - start).toBeGreaterThanOrEqual(7_000);
        await permit.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
      }),
    );
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('refuses at once when the wait would pass the caller deadline', async () => {
    const { clock, governor } = setup();
    const probe = await governor.acquire(URL_A);
    await probe.complete({
      answered: true,
      status: 200,
      receivedAt: clock.now(),
      observations: [quota(10, 0, 50)],
    });
    await expect(governor.acquire(URL_A, { deadline: clock.now() + 10_000 })).rejects.toBeInstanceOf(
      ThrottleDeadlineError,
    );
  });

  it('lets an aborted waiter go without blocking the queue', async () => {
    const { clock, governor } = setup();
    const probe = await governor.acquire(URL_A);
    await probe.complete({
      answered: true,
      status: 200,
      receivedAt: clock.now(),
      observations: [quota(10, 0, 50)],
    });
    const controller = new AbortController();
    const waiting = governor.acquire(URL_A, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('never over-grants a quota shared through one store by two governors', async () => {
    const store = new MemoryRateLimitStore();
    const manual = new ManualClock(Date.UTC(2026, 0, 1));
    const clock = createVirtualClock(manual);
    const governors = [0, 1].map(() => new RateLimitGovernor({ clock, store, burst: 100, random: () => 0 }));
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
});

describe('reading the fields', () => {
  it('reads every answer of a small or unknown quota', async () => {
    const { clock, governor } = setup();
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
    const { clock, governor } = setup();
    const probe = await governor.acquire(URL_A);
    await probe.complete({
      answered: true,
      status: 200,
      receivedAt: clock.now(),
      observations: [quota(1000, 900, 60)],
    });
    const next = await governor.acquire(URL_A);
    expect(next.wantsObservations).toBe(false);
    await next.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
    await clock.sleep(1_000);
    expect((await governor.acquire(URL_A)).wantsObservations).toBe(true);
  });
});

describe('bucket arithmetic', () => {
  const base = { blockedUntil: 0 };

  it('ignores a late answer from an older window', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 9, resetAt: 120_000 };
    expect(observe(state, quota(10, 0, 1), 61_000, 0)).toMatchObject({ remaining: 9, resetAt: 120_000 });
  });

  it('adopts a newer window, counting requests still in flight against it', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 1, resetAt: 60_000 };
    expect(observe(state, quota(10, 8, 59), 10_000, 2)).toMatchObject({ remaining: 6, resetAt: 69_000 });
  });

  it('keeps the lower count and the earlier reset within one window', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 5, resetAt: 60_500 };
    expect(observe(state, quota(10, 3, 50), 10_000, 0)).toMatchObject({ remaining: 3, resetAt: 60_000 });
    expect(observe(state, quota(10, 7, 50), 10_000, 0)).toMatchObject({ remaining: 5 });
  });

  it('rolls a known quota over into the next window at the reset', () => {
    const state = { ...base, limit: 10, windowMs: 60_000, remaining: 0, resetAt: 60_000 };
    expect(rollOver(state, 59_999)).toBe(state);
    expect(rollOver(state, 60_000)).toMatchObject({ remaining: 10, resetAt: 120_000 });
    expect(rollOver(state, 185_000)).toMatchObject({ remaining: 10, resetAt: 240_000 });
    expect(rollOver({ ...base, remaining: 0, resetAt: 5 }, 6)).toEqual(base);
  });
});
