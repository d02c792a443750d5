/**
 * Follow-ups announced by one process of a fleet hold another process's new work: the polls a
 * job poller announces (`expectFollowUp`) are kept in the shared store until they are granted,
 * and a submission in any process that would leave the quota short of them waits, for the
 * overtake limit at most, counted from the first unit it was held from. Each process knew only
 * its own: through Redis, a member's submission took the units another member's polls were due
 * to take a few milliseconds later, and those polls went a window late (a sliding log: 92.7 % of
 * the quota, 1.11x the least time).
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RateLimitGovernor, type RateLimitPermit } from '../../src/http/index.js';
import { createVirtualClock, type VirtualClock } from '../support/virtual-clock.js';
import { quota } from './support/governor-suite.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 0);
const SUBMIT = new URL('https://api.example.com/v1/generations');
// Polls on the submissions' route: one quota (which quota a route draws on is not the point).
const POLL = SUBMIT;

const answer = (clock: VirtualClock, remaining: number) => ({
  answered: true as const,
  status: 200,
  receivedAt: clock.now(),
  observations: [quota(5, remaining, (START + 10_000 - clock.now()) / 1000, 10)],
});

/** Lets writes started without being awaited (the announcements) reach the store. */
const settle = (clock: VirtualClock) => clock.hold(() => new Promise((resolve) => setTimeout(resolve, 5)));

/**
 * Two governors sharing one store (two processes of a fleet) that both know a quota of 5 per
 * 10 s window, one unit spent by a probe and one by a submission of each: 2 left.
 */
async function fleetOfTwo(clock: VirtualClock) {
  const store = new MemoryRateLimitStore(() => clock.now());
  const poller = new RateLimitGovernor({ clock, store, random: () => 0 });
  const submitter = new RateLimitGovernor({ clock, store, random: () => 0 });
  const probe = await poller.acquire(SUBMIT);
  await probe.complete(answer(clock, 4));
  const job = await poller.acquire(SUBMIT);
  await job.complete(answer(clock, 3));
  const first = await submitter.acquire(SUBMIT);
  await first.complete(answer(clock, 2));
  return { poller, submitter };
}

/** Acquires at `delayMs` from now, recording the name and moment of the grant. */
async function acquireAt(
  clock: VirtualClock,
  governor: RateLimitGovernor,
  grants: string[],
  name: string,
  delayMs: number,
  priority: 'follow-up' | 'normal' = 'normal',
): Promise<RateLimitPermit> {
  await clock.sleep(delayMs);
  const permit = await governor.acquire(SUBMIT, { priority });
  grants.push(`${name}@${clock.now() - START}`);
  return permit;
}

/**
 * A submission of `submitter` at once and the polls `poller` announced at 20 and 30 ms, with 2
 * units left: the units go to the polls at their moments, the submission takes the next window's.
 */
async function expectPollsFirst(
  clock: VirtualClock,
  poller: RateLimitGovernor,
  submitter: RateLimitGovernor,
) {
  const grants: string[] = [];
  await Promise.all([
    acquireAt(clock, submitter, grants, 'submission', 0),
    acquireAt(clock, poller, grants, 'poll 1', 20, 'follow-up'),
    acquireAt(clock, poller, grants, 'poll 2', 30, 'follow-up'),
  ]);
  expect(grants.slice(0, 2)).toEqual(['poll 1@20', 'poll 2@30']);
  expect(grants[2]).toMatch(/^submission@/);
  expect(Number(grants[2]!.split('@')[1])).toBeGreaterThanOrEqual(10_000);
}

describe('follow-ups announced across a fleet', () => {
  it('holds another process’s submission for the polls one process announced', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const { poller, submitter } = await fleetOfTwo(clock);
    poller.expectFollowUp(POLL, START + 20);
    poller.expectFollowUp(POLL, START + 30);
    await settle(clock);
    await expectPollsFirst(clock, poller, submitter);
  });

  it('writes polls announced before the quota’s count was read once it is', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const poller = new RateLimitGovernor({ clock, store, random: () => 0 });
    const submitter = new RateLimitGovernor({ clock, store, random: () => 0 });
    // The poller's first job is its probe: its poll is announced before any grant read the count
    // (a fleet's first wave), and written only when the next grant reads it.
    const probe = await poller.acquire(SUBMIT);
    await probe.complete(answer(clock, 4));
    poller.expectFollowUp(POLL, START + 20);
    poller.expectFollowUp(POLL, START + 30);
    const job = await poller.acquire(SUBMIT);
    await job.complete(answer(clock, 3));
    const first = await submitter.acquire(SUBMIT);
    await first.complete(answer(clock, 2));
    await settle(clock);
    // Unwritten, the submission took a unit at once and the second poll went a window late.
    await expectPollsFirst(clock, poller, submitter);
  });

  it('keeps a poll late past its moment until it is granted', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const { poller, submitter } = await fleetOfTwo(clock);
    // The second submission leaves one unit; the poll due at 20 ms comes at 300 ms (its process was busy).
    const second = await submitter.acquire(SUBMIT);
    await second.complete(answer(clock, 1));
    poller.expectFollowUp(POLL, START + 20);
    await settle(clock);
    const grants: string[] = [];
    await Promise.all([
      acquireAt(clock, submitter, grants, 'submission', 100),
      acquireAt(clock, poller, grants, 'poll', 300, 'follow-up'),
    ]);
    expect(grants[0]).toBe('poll@300');
    expect(Number(grants[1]!.split('@')[1])).toBeGreaterThanOrEqual(10_000);
  });

  it('holds new work no longer than the overtake limit for a poll that never comes', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const { poller, submitter } = await fleetOfTwo(clock);
    const second = await submitter.acquire(SUBMIT);
    await second.complete(answer(clock, 1));
    // Its job was aborted: the poll is never sent.
    poller.expectFollowUp(POLL, START + 20);
    await settle(clock);
    const grants: string[] = [];
    await acquireAt(clock, submitter, grants, 'submission', 0);
    const grantedAt = Number(grants[0]!.split('@')[1]);
    // Held from 0 (the unit was there), 500 ms at most past that.
    expect(grantedAt).toBeGreaterThanOrEqual(20);
    expect(grantedAt).toBeLessThanOrEqual(510);
  });

  it('announces nothing to the fleet for a quota whose count is not known', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const written: string[] = [];
    const watched = {
      read: (bucket: string) => store.read(bucket),
      compareAndSet: (...args: Parameters<MemoryRateLimitStore['compareAndSet']>) => {
        written.push(args[0]);
        return store.compareAndSet(...args);
      },
    };
    const governor = new RateLimitGovernor({ clock, store: watched, random: () => 0 });
    // Answers without fields: the quota is learned from refusals, its count never stated.
    for (let request = 0; request < 3; request += 1) {
      const permit = await governor.acquire(SUBMIT);
      await permit.complete({ answered: true, status: 200, receivedAt: clock.now(), observations: [] });
    }
    governor.expectFollowUp(POLL, clock.now() + 20);
    await settle(clock);
    expect(written.filter((key) => key.endsWith('#follow-ups'))).toEqual([]);
  });

  it('reports a hold on the quota the polls would leave short, not the route’s first', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const store = new MemoryRateLimitStore(() => clock.now());
    const waits: { bucket: string; reason: string }[] = [];
    const onWait = (wait: { bucket: string; reason: string }) => waits.push(wait);
    const poller = new RateLimitGovernor({ clock, store, random: () => 0, onWait });
    const submitter = new RateLimitGovernor({ clock, store, random: () => 0, onWait });
    // Two quotas on the route, a daily one listed first with units to spare, and one of 5 per
    // 10 s with 2 left: only the second is short of the polls.
    const both = (remaining: number) => ({
      answered: true as const,
      status: 200,
      receivedAt: clock.now(),
      observations: [
        { ...quota(1000, 1000 - (5 - remaining), 86_400, 86_400), policy: 'daily' },
        { ...quota(5, remaining, (START + 10_000 - clock.now()) / 1000, 10), policy: 'burst' },
      ],
    });
    for (const [governor, remaining] of [
      [poller, 4],
      [poller, 3],
      [submitter, 2],
    ] as const) {
      const permit = await governor.acquire(SUBMIT);
      await permit.complete(both(remaining));
    }
    // Another process's polls hold the submission (read from the record)...
    poller.expectFollowUp(POLL, START + 20);
    poller.expectFollowUp(POLL, START + 30);
    await settle(clock);
    const grants: string[] = [];
    const fleet = Promise.all([
      acquireAt(clock, submitter, grants, 'submission', 0),
      acquireAt(clock, poller, grants, 'poll 1', 20, 'follow-up'),
      acquireAt(clock, poller, grants, 'poll 2', 30, 'follow-up'),
    ]);
    await fleet;
    // ...and this process's own poll due in moments holds its own submission.
    poller.expectFollowUp(POLL, clock.now() + 0.04);
    await Promise.all([
      acquireAt(clock, poller, grants, 'own submission', 0),
      acquireAt(clock, poller, grants, 'own poll', 0.04, 'follow-up'),
    ]);
    const holds = waits.filter((wait) => wait.reason === 'follow-up');
    expect(holds.length).toBeGreaterThanOrEqual(2);
    for (const hold of holds) expect(hold.bucket).toMatch(/burst/);
  });
});
