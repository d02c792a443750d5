/**
 * The poller with a delivery (a webhook) on virtual time: a delivery ends the wait without a
 * fetch, the first poll waits until the eta plus the delivery's margin, a delivery another
 * process received is found before a fetch is spent, and a delivered failure fails the job.
 */

import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { GenerationFailedError } from '../../src/http/index.js';
import { type FetchTarget, type JobDelivery, pollJob } from '../../src/jobs/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const target: FetchTarget = {
  style: 'path',
  url: 'https://api.example.test/api/v7/images/fetch/j1',
  requestId: 'j1',
};
const FIRST = { status: 'processing', id: 'j1', eta: 10 };
const DONE = { status: 'success', id: 'j1', output: ['https://api.example.test/files/j1.png'] };

function setUp() {
  const manual = new ManualClock(Date.UTC(2026, 0, 1));
  const clock = createVirtualClock(manual);
  const fetchedAt: number[] = [];
  const fetchStatus = async () => {
    fetchedAt.push(clock.now() - start);
    return DONE;
  };
  const start = clock.now();
  /** A delivery that arrives `afterMs` into the wait (never, when undefined). */
  const deliveryAt = (afterMs: number | undefined, body: unknown = DONE): JobDelivery => ({
    arrived: new Promise((resolve) => {
      // A sleeper of its own, so that virtual time stops there rather than jumping past it.
      if (afterMs !== undefined) void clock.sleep(afterMs).then(() => resolve(body));
    }),
    marginMs: 2_000,
  });
  return { clock, start, fetchedAt, fetchStatus, deliveryAt };
}

describe('pollJob with a delivery', () => {
  it('ends the wait when the delivery arrives, without a fetch', async () => {
    const { clock, start, fetchedAt, fetchStatus, deliveryAt } = setUp();
    const outcome = await pollJob({ first: FIRST, target, fetchStatus, clock, delivery: deliveryAt(3_000) });
    expect(outcome).toMatchObject({ status: 'success', polls: 0, body: DONE });
    expect(fetchedAt).toEqual([]);
    expect(clock.now() - start).toBe(3_000);
  });

  it('polls once at the eta plus the margin when nothing is delivered', async () => {
    const { clock, fetchedAt, fetchStatus, deliveryAt } = setUp();
    const outcome = await pollJob({
      first: FIRST,
      target,
      fetchStatus,
      clock,
      delivery: deliveryAt(undefined),
    });
    expect(outcome).toMatchObject({ status: 'success', polls: 1 });
    expect(fetchedAt).toEqual([12_000]);
  });

  it('takes a delivery another process received, found before the fallback poll', async () => {
    const { clock, fetchedAt, fetchStatus, deliveryAt } = setUp();
    const delivery = { ...deliveryAt(undefined), received: async () => DONE };
    const outcome = await pollJob({ first: FIRST, target, fetchStatus, clock, delivery });
    expect(outcome).toMatchObject({ status: 'success', polls: 0 });
    expect(fetchedAt).toEqual([]);
  });

  it('fails the job on a delivered failure, as a polled one would', async () => {
    const { clock, fetchedAt, fetchStatus, deliveryAt } = setUp();
    const failed = { status: 'failed', id: 'j1', message: 'the model could not process this input' };
    const outcome = pollJob({
      first: FIRST,
      target,
      fetchStatus,
      clock,
      delivery: deliveryAt(1_000, failed),
    });
    await expect(outcome).rejects.toSatisfy((error) => GenerationFailedError.isInstance(error));
    expect(fetchedAt).toEqual([]);
  });

  it('still hands back a handle when the deadline comes first', async () => {
    const { clock, fetchStatus, deliveryAt } = setUp();
    const outcome = await pollJob({
      first: FIRST,
      target,
      fetchStatus,
      clock,
      deadlineMs: 500,
      delivery: deliveryAt(undefined),
    });
    expect(outcome).toMatchObject({ status: 'processing', reason: 'deadline' });
  });
});
