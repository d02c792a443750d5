/**
 * Requests that follow up on work the service already accepted (a job's poll) go before new work
 * (a submission) waiting for the same quota, first come, first served within each class; a
 * submission is overtaken for `overtakeLimitMs` at most; and one arriving just before polls the
 * job layer said were due waits for them. On a sliding log, a submission sent a few microseconds
 * before a round of polls took a unit one of them needed, and that poll went a window later.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { RateLimitGovernor, type RateLimitPermit, type RequestPriority } from '../../src/http/index.js';
import { createVirtualClock, type VirtualClock } from '../support/virtual-clock.js';
import { quota } from './support/governor-suite.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 0);
const SUBMIT = new URL('https://api.example.com/v1/generations');
// Polls on the submissions' route: one quota, one queue, learned by one probe (the class is the point).
const POLL = (_id: number) => SUBMIT;

/** A governor that has learned a quota of `limit` per `windowSeconds`, all of it spent until the reset. */
async function spentGovernor(
  clock: VirtualClock,
  limit: number,
  windowSeconds: number,
  options: { overtakeLimitMs?: number } = {},
) {
  const governor = new RateLimitGovernor({ clock, random: () => 0, ...options });
  const probe = await governor.acquire(SUBMIT);
  await probe.complete({
    answered: true,
    status: 200,
    receivedAt: clock.now(),
    observations: [quota(limit, 0, windowSeconds, windowSeconds)],
  });
  return governor;
}

/** Acquires for `name`, recording the order and moment of each grant. */
function acquire(
  governor: RateLimitGovernor,
  clock: VirtualClock,
  grants: string[],
  name: string,
  url: URL,
  priority?: RequestPriority,
): Promise<RateLimitPermit> {
  return governor.acquire(url, priority ? { priority } : {}).then((permit) => {
    grants.push(`${name}@${clock.now() - START}`);
    return permit;
  });
}

const settle = (clock: VirtualClock) => clock.hold(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe('the order of the governor’s queue', () => {
  it('serves follow-ups before new work that arrived earlier, each class first come, first served', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const governor = await spentGovernor(clock, 3, 10, { overtakeLimitMs: 60_000 });
    const grants: string[] = [];
    const waiting = [
      acquire(governor, clock, grants, 'submission 1', SUBMIT),
      acquire(governor, clock, grants, 'submission 2', SUBMIT, 'normal'),
      acquire(governor, clock, grants, 'poll 1', POLL(1), 'follow-up'),
      acquire(governor, clock, grants, 'poll 2', POLL(2), 'follow-up'),
    ];
    await Promise.all(waiting);
    // The window resets at 10 s: three units then, the polls first; the fourth request a window later.
    expect(grants.slice(0, 3)).toEqual(['poll 1@10000', 'poll 2@10000', 'submission 1@10000']);
    expect(grants[3]).toMatch(/^submission 2@2/);
  });

  it('lets new work go once it has been overtaken for overtakeLimitMs', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const governor = await spentGovernor(clock, 1, 1, { overtakeLimitMs: 2_500 });
    const grants: string[] = [];
    const submission = acquire(governor, clock, grants, 'submission', SUBMIT);
    // A poll arrives every half second, more than the quota (one a second) can serve.
    const polls: Promise<RateLimitPermit>[] = [];
    for (let poll = 1; poll <= 8; poll += 1) {
      polls.push(acquire(governor, clock, grants, `poll ${poll}`, POLL(poll), 'follow-up'));
      await clock.sleep(500);
    }
    await Promise.all([submission, ...polls]);
    // Overtaken by the polls of the first two windows; past 2.5 s of waiting it takes the next unit.
    expect(grants.slice(0, 4).map((grant) => grant.split('@')[0])).toEqual([
      'poll 1',
      'poll 2',
      'submission',
      'poll 3',
    ]);
  });

  it('holds new work for the follow-ups due within moments of it', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const governor = await spentGovernor(clock, 2, 10);
    await clock.sleep(10_000);
    await settle(clock);
    // The window has reset: two units. Two polls are due 40 µs from now, the submission comes first.
    const due = clock.now() + 0.04;
    governor.expectFollowUp(POLL(1), due);
    governor.expectFollowUp(POLL(2), due);
    const grants: string[] = [];
    const submission = acquire(governor, clock, grants, 'submission', SUBMIT);
    await clock.sleep(0.04);
    const polls = [
      acquire(governor, clock, grants, 'poll 1', POLL(1), 'follow-up'),
      acquire(governor, clock, grants, 'poll 2', POLL(2), 'follow-up'),
    ];
    await Promise.all([submission, ...polls]);
    expect(grants.map((grant) => grant.split('@')[0])).toEqual(['poll 1', 'poll 2', 'submission']);
    // It goes in the next window, not before the polls due 40 µs after it arrived.
    expect(Number(grants.at(-1)!.split('@')[1])).toBeGreaterThanOrEqual(20_000);
  });

  it('holds new work no longer than the horizon past a follow-up that never comes', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const governor = new RateLimitGovernor({ clock, random: () => 0 });
    const probe = await governor.acquire(SUBMIT);
    await probe.complete({
      answered: true,
      status: 200,
      receivedAt: clock.now(),
      observations: [quota(100, 99, 60)],
    });
    // The poll's job was aborted: its poll is never sent.
    governor.expectFollowUp(POLL(1), clock.now() + 1);
    const grants: string[] = [];
    await acquire(governor, clock, grants, 'submission', SUBMIT);
    expect(grants).toEqual(['submission@11']);
  });
});
