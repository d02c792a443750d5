/**
 * The controller's newer mechanisms, on the pure arithmetic of one quota (`bucket-math.ts`) and on
 * the client, with virtual time: a burst the fields offer is spent at once once the answers show
 * the quota is a window (and only what a reading confirms, only until its reset); a bucket that
 * refills as it goes is recognised from its moving reset and its units go as they come back; a
 * limit that changes within a window is followed; a quota of tokens is never counted in
 * requests; `Stripe-Should-Retry`-style advice decides retries.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { retryAdviceOf } from '../../src/http/headers/retry-advice.js';
import {
  MemoryRateLimitStore,
  RateLimitedError,
  RateLimitGovernor,
  type RateLimitObservation,
} from '../../src/http/index.js';
import { block, EMPTY_BUCKET, grant, observe, plan } from '../../src/http/rate-limit/bucket-math.js';
import type { BucketState } from '../../src/http/rate-limit/rate-limit-store.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { answer, clientOn } from './support/scripted-answers.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);

/** Fields without a declared window: the answers must show what kind of quota this is. */
const reading = (
  limit: number,
  remaining: number,
  resetMs: number,
  extra: Partial<RateLimitObservation> = {},
) => ({ limit, remaining, resetMs, source: 'x-ratelimit', ...extra }) satisfies RateLimitObservation;

/** Grants requests while `plan` lets them go at `now`; how many went. */
function burstAt(state: BucketState, now: number, most = 1_000): { state: BucketState; sent: number } {
  let sent = 0;
  for (; sent < most; sent += 1) {
    const decision = plan(state, now, undefined);
    if (decision.kind !== 'go') break;
    state = grant(state, now, decision.paceTokens, now + sent * 0.001);
  }
  return { state, sent };
}

/** A quota of 100 per 10 s whose window started at START: two answers with the reset standing still. */
function provenWindow(): BucketState {
  let state = observe(EMPTY_BUCKET, reading(100, 99, 10_000), START, START);
  state = grant(state, START + 1, 1);
  state = grant(state, START + 1, 1, START + 1.001);
  return observe(state, reading(100, 97, 9_999), START + 1, START + 1.001);
}

describe('a burst the fields offer', () => {
  it('paces a quota whose kind the answers have not shown yet', () => {
    const state = observe(EMPTY_BUCKET, reading(100, 99, 10_000), START, START);
    expect(state.windowed).toBeUndefined();
    // The small burst of pacing, then the rest spread until the reset.
    expect(burstAt(state, START + 1).sent).toBe(3);
  });

  it('knows a window when units went and its reset stood still, and spends what it offers at once', () => {
    const state = provenWindow();
    expect(state.windowed).toBe(true);
    expect(state.gradual).toBeUndefined();
    const { state: after, sent } = burstAt(state, START + 2);
    // 97 left by the last reading, less the 1 granted after it: all of it goes now, no more.
    expect(sent).toBe(97);
    expect(plan(after, START + 2, undefined)).toMatchObject({ kind: 'wait', reason: 'quota' });
  });

  it('offers only until the reading’s reset: past it, pacing until an answer says what is there', () => {
    const state = provenWindow();
    // Past the reset the ledger frees the quota, but no reading confirms the next window yet.
    expect(burstAt(state, START + 10_100).sent).toBe(3);
  });

  it('never takes the reading’s own request for one granted since, however the ledger merged it', () => {
    // 60 requests at once: more than the ledger keeps groups for, so the first (the one the
    // next reading answers) merges with those after it, stamped as the later of them.
    const { state: busy, sent } = burstAt(provenWindow(), START + 2, 60);
    expect(sent).toBe(60);
    expect(busy.counted!.length).toBeLessThan(63);
    // The answer to the first of them: 4 counted (the 3 before it and itself), 96 left.
    const read = observe(busy, reading(100, 96, 9_998), START + 2, START + 2);
    // The 59 granted after it take theirs: all the other 37 go now, none held back.
    const { state: after, sent: more } = burstAt(read, START + 3);
    expect(more).toBe(37);
    expect(plan(after, START + 3, undefined)).toMatchObject({ kind: 'wait', reason: 'quota' });
  });

  it('takes off the offer what went since, and a refusal withdraws it', () => {
    const state = provenWindow();
    const blocked = block(state, START + 3_000, false, START + 1.001);
    expect(burstAt(blocked, START + 3_000).sent).toBe(3);
  });

  it('follows a limit halved within the window', () => {
    let state = observe(EMPTY_BUCKET, reading(20, 19, 2_000, { windowMs: 2_000 }), START, START);
    ({ state } = burstAt(state, START + 1));
    expect(state.windowed).toBe(true);
    // The operator halves the quota: the next answer says 10 with 0 left until the same reset.
    state = observe(state, reading(10, 0, 1_900, { windowMs: 2_000 }), START + 100, START + 1.001);
    expect(plan(state, START + 200, undefined)).toMatchObject({ kind: 'wait' });
    expect(burstAt(state, START + 200).sent).toBe(0);
  });
});

describe('a bucket that refills as it goes', () => {
  /** 300 a minute, 5 back each second, its reset when it is full again. */
  const bucket = (remaining: number) => reading(300, remaining, (300 - remaining) * 200);
  /**
   * Units spent one by one, each answered 2 ms after it went: the reset must move later by more
   * than a window's could (a second's rounding plus that round trip), so 11 units of 200 ms.
   */
  const SPENT = 11;

  it('is recognised when its reset moves later as units go, before that reset came', () => {
    let state = observe(EMPTY_BUCKET, bucket(299), START, START);
    for (let index = 1; index <= SPENT; index += 1) {
      state = grant(state, START + 1, 1, START + index * 0.001);
      state = observe(state, bucket(299 - index), START + 2, START + index * 0.001);
    }
    expect(state.gradual).toBe(true);
    expect(state.windowed).toBeUndefined();
  });

  it('lets a unit go as the reading says it comes back, not when the ledger’s group does', () => {
    let state = observe(EMPTY_BUCKET, bucket(299), START, START);
    for (let index = 1; index <= SPENT; index += 1) {
      state = grant(state, START + 1, 1, START + index * 0.001);
      state = observe(state, bucket(299 - index), START + 2, START + index * 0.001);
    }
    ({ state } = burstAt(state, START + 3));
    const spent = plan(state, START + 3, undefined);
    expect(spent.kind).toBe('wait');
    // One unit is back 200 ms after the bucket was read empty (less what refilled meanwhile).
    expect(spent.kind === 'wait' && spent.waitMs).toBeLessThanOrEqual(200);
    expect(burstAt(state, START + 3 + 200).sent).toBe(1);
  });
});

describe('a quota of tokens', () => {
  const tokens = (remaining: number, resetMs: number) =>
    reading(150_000, remaining, resetMs, { policy: 'tokens', quotaUnit: 'tokens' });

  it('is never counted one unit per request: 400 tokens left are not 400 requests', () => {
    let state = observe(EMPTY_BUCKET, tokens(400, 60_000), START, START);
    const { state: after, sent } = burstAt(state, START + 1, 1_000);
    // Nothing says what a request costs: the token quota holds nothing back while it is not spent...
    expect(sent).toBe(1_000);
    // Requests on their way are remembered (at most 48 groups), to be held against what a request
    // cost once two readings tell it (`other-units.ts`); no cost is known here, so none is held.
    expect((after.counted ?? []).length).toBeLessThanOrEqual(48);
    expect(after.unitCost).toBeUndefined();
    // ...and holds every request once an answer says it is, until its reset.
    state = observe(after, tokens(0, 30_000), START + 2, START + 1.5);
    expect(plan(state, START + 3, undefined)).toMatchObject({ kind: 'wait', waitMs: 29_999 });
    expect(plan(state, START + 30_002, undefined)).toMatchObject({ kind: 'go' });
  });
});

describe('retry advice', () => {
  it('reads any *-should-retry field, true or false, and nothing else', () => {
    expect(retryAdviceOf(new Headers({ 'Stripe-Should-Retry': 'false' }))).toEqual({
      retry: false,
      field: 'stripe-should-retry',
    });
    expect(retryAdviceOf(new Headers({ 'x-should-retry': 'TRUE' }))?.retry).toBe(true);
    expect(retryAdviceOf(new Headers({ 'stripe-should-retry': 'maybe' }))).toBeUndefined();
    expect(retryAdviceOf(new Headers({ 'should-retry-after': 'true' }))).toBeUndefined();
  });

  it('does not retry when the service says not to, with a typed error saying so', async () => {
    const { client, sent } = clientOn(
      [answer(429, { 'Stripe-Should-Retry': 'false' }, { error: { message: 'Too many requests' } })],
      START,
    );
    const failure = await client
      .request({ method: 'GET', url: '/v1/charges', idempotency: 'safe' })
      .catch((error: unknown) => error);
    expect(RateLimitedError.isInstance(failure)).toBe(true);
    const error = failure as RateLimitedError;
    expect(error.retryAdvice).toBe(false);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('stripe-should-retry: false');
    expect(sent).toHaveLength(1);
  });

  it('retries a status it would not when the service says to, a submission included', async () => {
    const { client, sent } = clientOn(
      [
        answer(409, { 'Stripe-Should-Retry': 'true' }, { error: { message: 'Lock timeout' } }),
        answer(500, { 'x-should-retry': 'true' }, { error: { message: 'Try again' } }),
      ],
      START,
    );
    const response = await client.request({
      method: 'POST',
      url: '/v1/charges',
      json: { amount: 1 },
      idempotency: 'unsafe',
    });
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(3);
  });
});

describe('the governor spends an offer on any store', () => {
  const URL_A = new URL('https://api.test/api/v7/images/text-to-image');

  async function grantTimes(store?: MemoryRateLimitStore): Promise<number[]> {
    const clock = createVirtualClock(new ManualClock(START));
    const governor = new RateLimitGovernor({ clock, random: () => 0.5, ...(store ? { store } : {}) });
    const probe = await governor.acquire(URL_A);
    await probe.complete({
      answered: true,
      status: 200,
      receivedAt: clock.now(),
      // A declared window of 10 a minute, all of it left.
      observations: [
        {
          policy: 'generation',
          limit: 10,
          remaining: 10,
          resetMs: 60_000,
          windowMs: 60_000,
          source: 'policy-list',
        },
      ],
    });
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const permit = await governor.acquire(URL_A);
        grantedAt.push(clock.now() - START);
        await permit.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
      }),
    );
    return grantedAt.sort((a, b) => a - b);
  }

  it('sends what a declared window offers at once with its own store', async () => {
    expect(await grantTimes()).toEqual(Array.from({ length: 10 }, () => 0));
  });

  it('sends it at once on a store passed in, which other processes may share, as well', async () => {
    // Every process's grants are in the shared ledger and their requests in flight in its
    // leases: the offer is spent as by one governor.
    expect(await grantTimes(new MemoryRateLimitStore())).toEqual(Array.from({ length: 10 }, () => 0));
  });
});
