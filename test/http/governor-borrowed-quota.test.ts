/**
 * A route not yet known borrows its relative's quotas while it learns its own (`route-map.ts`):
 * a job's status route, first polled, is paced against the submit route's quota. When its
 * answer names another quota (GitHub's `core` where submissions draw on `search`), the borrowed
 * unit comes back: kept, it held one submission of that window back, and with it a whole window
 * for the last job (`github-resources` ran at 1.41x the least time, the last submission alone
 * in a fifth window).
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { RateLimitGovernor, type RateLimitObservation, type RateLimitPermit } from '../../src/http/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);
const SUBMIT = new URL('https://api.github.test/v1/generations');
const STATUS = new URL('https://api.github.test/v1/generations/1');

function reading(resource: string, limit: number, remaining: number): RateLimitObservation {
  return { policy: resource, limit, remaining, resetMs: 60_000, source: 'x-ratelimit' };
}

/** A governor on virtual time; `answer` sends one request to `url` and answers it at once with `observation`. */
function governed() {
  const clock = createVirtualClock(new ManualClock(START));
  const governor = new RateLimitGovernor({ clock, random: () => 0 });
  const complete = (permit: RateLimitPermit, observation: RateLimitObservation) =>
    permit.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [observation] });
  const answer = async (url: URL, observation: RateLimitObservation) => {
    const permit = await governor.acquire(url);
    await complete(permit, observation);
    return permit.buckets;
  };
  return { clock, governor, complete, answer };
}

describe('a quota a route borrowed before its answer named its own', () => {
  it('gets the borrowed unit back: the next submission goes at once', async () => {
    const { clock, answer } = governed();
    // Three submissions a window on `search`: two go.
    await answer(SUBMIT, reading('search', 3, 2));
    await answer(SUBMIT, reading('search', 3, 1));
    // The first poll borrows `search` (its relative's), and its answer says `core`.
    expect(await answer(STATUS, reading('core', 100, 99))).toEqual(['https://api.github.test#search#']);
    // The third submission of the window goes now, not at the window's reset a minute on.
    const waited = clock.now();
    await answer(SUBMIT, reading('search', 3, 0));
    expect(clock.now()).toBe(waited);
    // And the status route now draws on `core` alone.
    expect(await answer(STATUS, reading('core', 100, 98))).toEqual(['https://api.github.test#core#']);
  });

  it('never lets more go than the server has left when answers are read out of order', async () => {
    // As in a real fleet: a submission granted after the poll is answered first, and its reading
    // counts the ledger to the server's count (the poll's unit may stand in for one the server
    // counted). The borrowed unit is given back only while no later reading has counted it.
    const { clock, governor, complete, answer } = governed();
    await answer(SUBMIT, reading('search', 4, 3));
    await answer(SUBMIT, reading('search', 4, 2));
    const poll = await governor.acquire(STATUS);
    const third = await governor.acquire(SUBMIT);
    await complete(third, reading('search', 4, 1));
    await complete(poll, reading('core', 100, 99));
    // One submission is left in the window: of two more, at most one goes before the reset.
    const start = clock.now();
    await answer(SUBMIT, reading('search', 4, 0));
    await governor.acquire(SUBMIT);
    expect(clock.now() - start).toBeGreaterThanOrEqual(59_000);
  });

  it('keeps the unit when the answer shows the route draws on the borrowed quota', async () => {
    const { clock, answer } = governed();
    await answer(SUBMIT, reading('search', 3, 2));
    await answer(SUBMIT, reading('search', 3, 1));
    await answer(STATUS, reading('search', 3, 0));
    // The quota is spent: the next submission waits for its reset.
    const before = clock.now();
    await answer(SUBMIT, reading('search', 3, 2));
    expect(clock.now() - before).toBeGreaterThanOrEqual(59_000);
  });
});
