/**
 * The shared job timers: every job waiting on one clock sits in one heap under one armed timer,
 * woken in time order (jobs due together in the order they were scheduled, as the clock wakes its
 * own sleepers); and a fleet of jobs following one signal holds one abort listener.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../../src/http/index.js';
import { type FetchTarget, pollJob } from '../../src/jobs/index.js';
import { jobTimersFor, SharedJobTimers, type TimedJob, type TimerHost } from '../../src/jobs/job-timers.js';

/** A host whose one timer the test fires by hand; counts how many were ever armed at once. */
function handHost() {
  let now = 0;
  let armed: { run: () => void; at: number } | undefined;
  let cleared = 0;
  const host: TimerHost = {
    now: () => now,
    setTimer(run, ms) {
      expect(armed).toBeUndefined();
      armed = { run, at: now + ms };
      return armed;
    },
    clearTimer(timer) {
      expect(timer).toBe(armed);
      armed = undefined;
      cleared += 1;
    },
  };
  return {
    host,
    get armedAt() {
      return armed?.at;
    },
    get cleared() {
      return cleared;
    },
    /** Moves time to the armed timer and fires it. */
    fire() {
      const firing = armed;
      if (!firing) throw new Error('no timer armed');
      now = firing.at;
      armed = undefined;
      firing.run();
    },
  };
}

function job(name: string, woken: string[]): TimedJob {
  return { timerAt: 0, timerIndex: -1, timerOrder: 0, wake: () => woken.push(name) };
}

describe('SharedJobTimers', () => {
  it('arms one timer for the earliest job and wakes jobs in time order', () => {
    const hand = handHost();
    const timers = new SharedJobTimers(hand.host);
    const woken: string[] = [];
    const times = [500, 100, 900, 300, 700, 200, 800, 400, 600];
    for (const at of times) timers.schedule(job(`at ${at}`, woken), at);
    expect(timers.size).toBe(times.length);
    expect(hand.armedAt).toBe(100);
    while (hand.armedAt !== undefined) hand.fire();
    expect(woken).toEqual([...times].sort((a, b) => a - b).map((at) => `at ${at}`));
    expect(timers.size).toBe(0);
  });

  it('re-arms for an earlier job, and leaves the timer alone for a later one', () => {
    const hand = handHost();
    const timers = new SharedJobTimers(hand.host);
    const woken: string[] = [];
    timers.schedule(job('late', woken), 1_000);
    timers.schedule(job('later', woken), 2_000);
    expect(hand.cleared).toBe(0);
    timers.schedule(job('early', woken), 10);
    expect(hand.armedAt).toBe(10);
    expect(hand.cleared).toBe(1);
    hand.fire();
    expect(woken).toEqual(['early']);
    expect(hand.armedAt).toBe(1_000);
  });

  it('wakes every job due together with one firing', () => {
    const hand = handHost();
    const timers = new SharedJobTimers(hand.host);
    const woken: string[] = [];
    for (const name of ['a', 'b', 'c']) timers.schedule(job(name, woken), 50);
    hand.fire();
    expect(woken.sort()).toEqual(['a', 'b', 'c']);
    expect(hand.armedAt).toBeUndefined();
  });

  it('wakes jobs due together in the order they were scheduled, a moved job as scheduled last', () => {
    const hand = handHost();
    const timers = new SharedJobTimers(hand.host);
    const woken: string[] = [];
    const names = Array.from({ length: 40 }, (_, index) => `job ${index}`);
    const jobs = names.map((name) => job(name, woken));
    for (const each of jobs) timers.schedule(each, 50);
    const moved = jobs[3] as TimedJob;
    timers.schedule(moved, 50);
    hand.fire();
    expect(woken).toEqual([...names.filter((name) => name !== 'job 3'), 'job 3']);
  });

  it('on a clock, wakes jobs with the sleepers due with them, and nothing when a sleep is cut short', async () => {
    let now = 0;
    const sleeps: { at: number; resolve: () => void }[] = [];
    const clock: Clock = {
      now: () => now,
      sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          const sleep = { at: now + ms, resolve };
          sleeps.push(sleep);
          signal?.addEventListener('abort', () => {
            const index = sleeps.indexOf(sleep);
            if (index >= 0) sleeps.splice(index, 1);
            reject(signal.reason);
          });
        }),
    };
    const timers = jobTimersFor(clock);
    expect(jobTimersFor(clock)).toBe(timers);
    const woken: string[] = [];
    timers.schedule(job('late', woken), 200);
    const early = job('early', woken);
    timers.schedule(early, 100);
    expect(sleeps.map((sleep) => sleep.at)).toEqual([100]);
    // The sleep for 100 ended, but the job left before its wake ran: the timer fires for no one early.
    const ended = sleeps.shift();
    ended?.resolve();
    timers.cancel(early);
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken).toEqual([]);
    expect(sleeps.map((sleep) => sleep.at)).toEqual([200]);
    now = 200;
    sleeps.shift()?.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken).toEqual(['late']);
  });

  it('never wakes a cancelled job, and disarms when none is left', () => {
    const hand = handHost();
    const timers = new SharedJobTimers(hand.host);
    const woken: string[] = [];
    const jobs = Array.from({ length: 20 }, (_, index) => job(`job ${index}`, woken));
    for (const [index, each] of jobs.entries()) timers.schedule(each, 100 + ((index * 7) % 20) * 10);
    for (const each of jobs.filter((_, index) => index % 2 === 0)) timers.cancel(each);
    while (hand.armedAt !== undefined) hand.fire();
    const kept = jobs.map((_, index) => index).filter((index) => index % 2 === 1);
    expect(woken.sort()).toEqual(kept.map((index) => `job ${index}`).sort());
    const last = job('last', woken);
    timers.schedule(last, 5_000);
    timers.cancel(last);
    expect(hand.armedAt).toBeUndefined();
  });

  it('moves a job already scheduled to its new time', () => {
    const hand = handHost();
    const timers = new SharedJobTimers(hand.host);
    const woken: string[] = [];
    const moved = job('moved', woken);
    timers.schedule(moved, 100);
    timers.schedule(job('other', woken), 200);
    timers.schedule(moved, 300);
    expect(timers.size).toBe(2);
    while (hand.armedAt !== undefined) hand.fire();
    expect(woken).toEqual(['other', 'moved']);
  });
});

describe('jobs parked on the system clock', () => {
  const target: FetchTarget = { style: 'path', url: 'https://api.test/fetch/1', requestId: '1' };

  it('follow one signal with one listener, and all end with its reason when it aborts', async () => {
    const abort = new AbortController();
    let fetches = 0;
    const parked = Array.from({ length: 200 }, (_, index) =>
      pollJob({
        first: { status: 'processing', id: String(index), eta: 600 },
        target,
        fetchStatus: async () => {
          fetches += 1;
          return {};
        },
        clock: systemClock,
        deadlineMs: 3_600_000,
        signal: abort.signal,
      }).then(
        () => 'ended',
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(1);
    const reason = new Error('stopped by the application');
    abort.abort(reason);
    const ends = await Promise.all(parked);
    expect(ends.every((end) => end === reason)).toBe(true);
    expect(fetches).toBe(0);
  });

  it('poll when their time comes, each on its own schedule', async () => {
    const polled: string[] = [];
    const outcomes = await Promise.all(
      [30, 10, 20].map((delay) =>
        pollJob({
          first: { status: 'processing', id: String(delay) },
          target: { ...target, requestId: String(delay) },
          fetchStatus: async (fetched) => {
            polled.push(String(fetched.requestId));
            return { status: 'success', id: fetched.requestId, output: ['u'] };
          },
          clock: systemClock,
          firstDelayMs: delay,
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['success', 'success', 'success']);
    expect(polled).toEqual(['10', '20', '30']);
  });
});
