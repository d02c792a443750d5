/**
 * Refusals as measurements: which answers are refusals (GitHub's 403s included), that they are
 * retried rather than failed, the backoff of a refusal without `Retry-After`, the cap on
 * requests in flight learned from secondary limits and its climb back, the job limit learned
 * from a refusal climbing back, and what `rateLimits()` says the governor believes.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, RateLimitGovernor } from '../../src/http/index.js';
import { ConcurrencyBook } from '../../src/http/rate-limit/concurrency-book.js';
import { InFlightCap } from '../../src/http/rate-limit/in-flight-cap.js';
import { JobSlots } from '../../src/http/rate-limit/job-slots.js';
import { accepted, refused } from '../../src/http/rate-limit/learned-rate.js';
import { refusalOf } from '../../src/http/refusal.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { answer, clientOn } from './support/scripted-answers.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);

describe('which answers are refusals', () => {
  const classify = (status: number, headers: Record<string, string>, message?: string) =>
    refusalOf({ status, headers: new Headers(headers), observations: [], message });

  it('reads a 429 and a 503 as refusals, with a wait or without', () => {
    expect(classify(429, {})).toBe('rate');
    expect(classify(503, { 'retry-after': '2' })).toBe('rate');
    // Without a wait too: the governor holds the quota's callers for a shared backoff
    // (`shared-backoff.ts`) instead of letting each knock on its own.
    expect(classify(503, {})).toBe('rate');
  });

  it("reads GitHub's 403s: a rate limit, a secondary limit on requests in flight, or a plain refusal", () => {
    expect(classify(403, {}, 'API rate limit exceeded for user ID 1.')).toBe('rate');
    expect(classify(403, { 'retry-after': '60' }, 'You have exceeded a secondary rate limit.')).toBe(
      'in-flight',
    );
    expect(classify(429, {}, 'Too many concurrent requests')).toBe('in-flight');
    expect(classify(403, { 'retry-after': '5' })).toBe('rate');
    expect(classify(403, {}, 'Resource not accessible by integration')).toBeUndefined();
  });
});

describe('the client meets refusals', () => {
  it('retries a 403 secondary limit after its Retry-After, rather than failing with ForbiddenError', async () => {
    const { client, sent } = clientOn(
      [answer(403, { 'retry-after': '3' }, { message: 'You have exceeded a secondary rate limit.' })],
      START,
    );
    const response = await client.request({ method: 'GET', url: '/repos/a/b', idempotency: 'safe' });
    expect(response.status).toBe(200);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(3_000);
  });

  it('still fails a 403 that is no limit', async () => {
    const { client } = clientOn(
      [answer(403, {}, { message: 'Must have admin rights to Repository.' })],
      START,
    );
    await expect(client.request({ method: 'GET', url: '/repos/a/b', idempotency: 'safe' })).rejects.toSatisfy(
      ForbiddenError.isInstance,
    );
  });

  it('backs off a 429 without Retry-After, and honours retry-after-ms', async () => {
    const { client, sent } = clientOn(
      [
        answer(
          429,
          {},
          { error: { code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } },
        ),
        answer(429, { 'retry-after-ms': '1500' }, { error: { message: 'Rate limit reached' } }),
      ],
      START,
    );
    const response = await client.request({ method: 'GET', url: '/v1/charges', idempotency: 'safe' });
    expect(response.status).toBe(200);
    expect(sent[1]! - sent[0]!).toBeGreaterThan(0);
    expect(sent[2]! - sent[1]!).toBeGreaterThanOrEqual(1_500);
  });

  it('says which limits it believes in and why', async () => {
    const { client } = clientOn(
      [
        answer(
          200,
          {
            'x-ratelimit-limit-requests': '60',
            'x-ratelimit-remaining-requests': '59',
            'x-ratelimit-reset-requests': '1s',
          },
          {},
        ),
      ],
      START,
    );
    await client.request({ method: 'GET', url: '/v1/models', idempotency: 'safe' });
    const limits = await client.governor.rateLimits();
    expect(limits).toContainEqual(expect.objectContaining({ source: 'fields', limit: 60 }));
    expect(limits[0]!.bucket).toContain('requests');
  });
});

describe('a refusal without Retry-After is a measurement', () => {
  it('blocks for an exponential backoff with jitter and never counts as accepted', () => {
    let state = accepted({ blockedUntil: 0 }, START);
    const acceptedBefore = state.accepted;
    state = refused(state, START + 10, undefined, () => 0.5);
    const first = state.blockedUntil - (START + 10);
    expect(first).toBeGreaterThanOrEqual(125);
    expect(first).toBeLessThanOrEqual(250);
    expect(state.accepted).toBe(acceptedBefore);
    state = refused(state, START + 20, undefined, () => 0.5);
    expect(state.blockedUntil - (START + 20)).toBeGreaterThan(first);
    // An accepted answer ends the streak.
    expect(accepted(state, START + 5_000).refusalStreak).toBe(0);
  });
});

/** An in-flight cap on virtual time, and a request entering it and sent. */
function capOnVirtualTime() {
  const manual = new ManualClock(START);
  const clock = createVirtualClock(manual);
  const cap = new InFlightCap(new ConcurrencyBook(clock, undefined, 'governor'));
  const enterSent = async () => {
    const ticket = await cap.enter('o', {});
    cap.sent(ticket);
    return ticket;
  };
  return { manual, clock, cap, enterSent };
}

describe('the cap on requests in flight', () => {
  it('learns the cap from the requests surely in flight at a refusal, and climbs back', async () => {
    const { manual, clock, cap, enterSent } = capOnVirtualTime();
    // No cap before a refusal.
    const crowd = [await enterSent(), await enterSent(), await enterSent(), await enterSent()];
    for (const ticket of crowd) await cap.settle(ticket, 'accepted');
    // Three at once now; the third is refused while the two sent before it are unanswered:
    // two were surely in flight, so the cap is two (not the three granted).
    const [a, b, c] = [await enterSent(), await enterSent(), await enterSent()];
    expect(cap.states()).toEqual([]);
    await cap.settle(c!, 'refused');
    expect(cap.states()).toEqual([expect.objectContaining({ cap: 2, inFlight: 2 })]);
    await cap.settle(a!, 'accepted');
    await cap.settle(b!, 'accepted');
    // Ten quiet seconds: the cap climbs by one.
    manual.set(START + 10_001);
    const entered = [await enterSent(), await enterSent(), await enterSent()];
    expect(cap.states()[0]!.cap).toBe(3);
    // The first refusal after a climb finds the limit again and doubles the quiet spell.
    await cap.settle(entered[2]!, 'refused');
    expect(cap.states()[0]!.cap).toBe(2);
    expect(cap.states()[0]!.climbsAt - clock.now()).toBe(20_000);
    for (const ticket of entered.slice(0, 2)) await cap.settle(ticket, 'accepted');
  });

  it("climbs no sooner than the refusal's stated wait ends", async () => {
    const { manual, clock, cap, enterSent } = capOnVirtualTime();
    const [a, b] = [await enterSent(), await enterSent()];
    // Refused with a minute's Retry-After (GitHub's secondary limit): the climb waits the minute,
    // not the usual ten seconds (a climb sooner is a request the server asked not to get).
    await cap.settle(b!, 'refused', 60_000);
    expect(cap.states()).toEqual([expect.objectContaining({ cap: 1 })]);
    expect(cap.states()[0]!.climbsAt - clock.now()).toBe(60_000);
    await cap.settle(a!, 'accepted');
    manual.set(START + 60_001);
    const climbed = [await enterSent(), await enterSent()];
    expect(cap.states()[0]!.cap).toBe(2);
    // A short stated wait leaves the quiet spell in force (doubled: the climb was refused).
    await cap.settle(climbed[1]!, 'refused', 2_000);
    expect(cap.states()[0]!.climbsAt - clock.now()).toBe(20_000);
    await cap.settle(climbed[0]!, 'accepted');
  });

  it('before any cap, sends the requests beyond as many as were ever answered together one at a time', async () => {
    const { manual, clock, cap, enterSent } = capOnVirtualTime();
    // Before any answer, nothing is known of the answers' time: no spacing.
    const first = await enterSent();
    manual.set(START + 1_000);
    // Answered in a second, alone: one was answered in flight, and answers take a second.
    await cap.settle(first, 'accepted');
    const at = clock.now();
    const [a, b] = [await enterSent(), await enterSent()];
    expect(clock.now()).toBe(at);
    // The third beyond the proven one goes 1/32 of an answer's time after the second: a server
    // that limits requests in flight refuses at once, before the next is sent.
    const c = await enterSent();
    expect(clock.now()).toBe(at + 1_000 / 32);
    await cap.settle(c, 'refused');
    // A cap now holds the rest: the spacing is over.
    expect(cap.states()).toEqual([expect.objectContaining({ cap: 2, inFlight: 2 })]);
    await cap.settle(a!, 'accepted');
    await cap.settle(b!, 'accepted');
    const [d, e] = [await enterSent(), await enterSent()];
    expect(clock.now()).toBe(at + 1_000 / 32);
    for (const ticket of [d!, e!]) await cap.settle(ticket, 'accepted');
  });

  it('reads refusals of one burst as one measurement, even when they come at the instant the cap was set', async () => {
    // A virtual clock, or a coarse one: the burst is sent, and refused, all at one instant.
    const clock = createVirtualClock(new ManualClock(START));
    const cap = new InFlightCap(new ConcurrencyBook(clock, undefined, 'governor'));
    const burst = [];
    for (let index = 0; index < 5; index += 1) {
      const ticket = await cap.enter('o', {});
      cap.sent(ticket);
      burst.push(ticket);
    }
    // Three were surely in flight at each refusal: the second refusal, of a request sent before
    // the cap was set, measures three again rather than cutting the cap to two.
    await cap.settle(burst[3]!, 'refused');
    await cap.settle(burst[4]!, 'refused');
    expect(cap.states()).toEqual([expect.objectContaining({ cap: 3, inFlight: 3 })]);
    for (const ticket of burst.slice(0, 3)) await cap.settle(ticket, 'accepted');
  });
});

describe('the slow start of job slots, while no job limit is known', () => {
  it('doubles the submissions on their way each round trip although accepted jobs keep their slots', async () => {
    const manual = new ManualClock(START);
    const clock = createVirtualClock(manual);
    const slots = new JobSlots(clock, undefined);
    const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
    const takeAll = async () => {
      const taken = [];
      for (;;) {
        try {
          taken.push(await slots.acquire('o', { deadline: clock.now() }));
        } catch {
          return taken;
        }
      }
    };
    const round = await takeAll();
    expect(round).toHaveLength(2);
    // Answered after a second: each running job keeps its slot and makes room for two more
    // submissions (by one, half the submissions would have gone each round).
    manual.set(START + 1_000);
    for (const slot of round) slot.markRunning();
    await settled();
    const next = await takeAll();
    expect(next).toHaveLength(4);
    for (const slot of [...round, ...next]) slot.release();
  });
});

describe('a job limit learned from a refusal', () => {
  it('climbs back by one after a quiet spell, so one refusal never shrinks it for good', async () => {
    const manual = new ManualClock(START);
    const clock = createVirtualClock(manual);
    const slots = new JobSlots(clock, undefined);
    await slots.learnLimit('o', 1, false);
    const first = await slots.acquire('o');
    first.markRunning();
    const second = slots.acquire('o');
    // Held by the learned limit of one until the climb, 30 s later.
    const held = await second;
    expect(clock.now() - START).toBe(30_000);
    expect(slots.limitOf('o')).toBe(2);
    first.release();
    held.release();
  });

  it('lengthens the quiet spell only when a climb met a refusal, one mechanism with the cap on requests in flight', async () => {
    const manual = new ManualClock(START);
    const clock = createVirtualClock(manual);
    const slots = new JobSlots(clock, undefined);
    await slots.learnLimit('o', 5, false);
    // A second refusal measures less before any climb: a measurement, not an overshoot.
    manual.set(START + 1_000);
    await slots.learnLimit('o', 2, false);
    const held = [await slots.acquire('o'), await slots.acquire('o')];
    for (const slot of held) slot.markRunning();
    const third = await slots.acquire('o');
    expect(clock.now() - START).toBe(31_000);
    expect(slots.limitOf('o')).toBe(3);
    // The climb overshot: refused again, the next climb waits twice as long.
    await slots.learnLimit('o', 2, false);
    third.markRunning();
    third.release();
    const fourth = await slots.acquire('o');
    expect(clock.now() - START).toBe(91_000);
    for (const slot of [...held, fourth]) slot.release();
  });

  it('keeps a limit the service stated', async () => {
    const slots = new JobSlots(createVirtualClock(new ManualClock(START)), undefined);
    await slots.learnLimit('o', 5);
    expect(slots.limitOf('o')).toBe(5);
  });
});

describe('RateLimitGovernor.rateLimits', () => {
  it('is empty before any answer', async () => {
    expect(await new RateLimitGovernor().rateLimits()).toEqual([]);
  });
});
