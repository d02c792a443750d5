/**
 * A waiter woken at its deadline is refused, never let through with no time left: a request
 * sent then times out on the wire with its outcome unknown (a paid job perhaps started). The
 * fleet's intermittent starvation ended that way: the probes' answers were still being recorded
 * when time reached the waiters' deadline, the route was known by then, and each waiter went out
 * as a new probe with 0 ms to live ("The call ran out of time"), its job slot held all along.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import {
  MemoryRateLimitStore,
  RateLimitGovernor,
  type RateLimitStore,
  ThrottleDeadlineError,
} from '../../src/http/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { quota } from './support/governor-suite.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);

describe('a waiter woken at its deadline', () => {
  it('is refused when the probe it waited for is still being recorded', async () => {
    const clock = createVirtualClock(new ManualClock(START));
    const memory = new MemoryRateLimitStore(() => clock.now());
    // Recording the probe's answer in its quota never finishes (a store that stopped answering).
    const stalled: RateLimitStore = {
      read: (bucket) => memory.read(bucket),
      compareAndSet: (bucket, version, state, ttlMs) =>
        bucket.endsWith('#concurrency')
          ? memory.compareAndSet(bucket, version, state, ttlMs)
          : new Promise<boolean>(() => {}),
    };
    const governor = new RateLimitGovernor({ clock, store: stalled });
    const url = new URL('https://api.example.com/v1/generations');
    const probe = await governor.acquire(url, { deadline: START + 60_000 });
    const waiter = governor.acquire(url, { deadline: START + 5_000 });
    // The waiter reaches its wait for the probe's answer (time held still meanwhile).
    await clock.hold(() => new Promise((resolve) => setTimeout(resolve, 5)));
    void probe.complete({
      answered: true,
      status: 200,
      receivedAt: clock.now(),
      observations: [quota(100, 99, 60)],
    });
    const outcome = await waiter.then(
      () => `granted at ${clock.now() - START}`,
      (error: unknown) => error,
    );
    expect(ThrottleDeadlineError.isInstance(outcome)).toBe(true);
    expect(clock.now()).toBe(START + 5_000);
  });
});
