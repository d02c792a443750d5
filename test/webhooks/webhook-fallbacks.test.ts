/**
 * Every webhook fault of the emulator, and the fallback that saves the job: polling after the
 * eta plus the margin, and deliveries that come after the job ended acknowledged and ignored.
 */

import type { WebhookFaults } from 'generation-agent-toolkit-emulator';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookStore } from '../../src/webhooks/index.js';
import { IMAGE, IMAGE_INPUT, startWebhookBed, until, type WebhookBed } from './support/webhook-bed.js';

const beds: WebhookBed[] = [];
afterEach(async () => {
  for (const bed of beds.splice(0)) await bed.close();
});

/** A delivery is expected: a wide margin. Only the fallback is: a short one (the eta is 1 s). */
async function bedWith(webhookFaults: WebhookFaults, fallbackMarginMs = 5_000): Promise<WebhookBed> {
  const started = await startWebhookBed({ emulator: { webhookFaults }, receiver: { fallbackMarginMs } });
  beds.push(started);
  return started;
}

describe('webhook faults and the polling fallback', () => {
  it('lost: the job is polled after its eta plus the margin, once', async () => {
    const bed = await bedWith({ lost: 1 }, 300);
    const started = Date.now();
    const result = await bed.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    expect(bed.fetches()).toBe(1);
    // eta 1 s + margin 0.3 s: not before.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_250);
    expect(bed.emulator.webhooks().map((delivery) => delivery.fault)).toEqual(['lost']);
  });

  it('late: polled as if lost; the late delivery is acknowledged and ignored', async () => {
    // 400 s of service time at 0.01: four real seconds after the job ends, well after the poll.
    const bed = await bedWith({ late: 1, lateSeconds: 400 }, 300);
    const result = await bed.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    expect(bed.fetches()).toBe(1);
    await until(() => bed.emulator.webhooks().length === 1, 10_000);
    expect(bed.emulator.webhooks()[0]).toMatchObject({ fault: 'late', status: 200 });
  });

  it('duplicated: the first delivery completes the call; the second is acknowledged and ignored', async () => {
    const bed = await bedWith({ duplicated: 1 });
    const result = await bed.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    await until(() => bed.emulator.webhooks().length === 2);
    expect(bed.emulator.webhooks().map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(bed.fetches()).toBe(0);
  });

  it('garbled: refused with 400, and the job is polled', async () => {
    const bed = await bedWith({ garbled: 1 }, 300);
    const result = await bed.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    expect(bed.emulator.webhooks()).toMatchObject([{ fault: 'garbled', status: 400 }]);
    expect(bed.fetches()).toBe(1);
  });

  it("misdirected: one job's answer sent to another job's webhook completes neither wrongly", async () => {
    const bed = await bedWith({ misdirected: 1 });
    // Two jobs at once: each one's answer is also sent to the other's webhook.
    const [first, second] = await Promise.all([
      bed.session.call(IMAGE, IMAGE_INPUT),
      bed.session.call(IMAGE, { ...IMAGE_INPUT, prompt: 'a harbour at dawn' }),
    ]);
    expect(first.status).toBe('success');
    expect(second.status).toBe('success');
    if (first.status !== 'success' || second.status !== 'success') return;
    expect(first.requestId).not.toBe(second.requestId);
    // Each call's result is its own job's.
    expect((first.body as { id: unknown }).id).toBe(first.requestId);
    expect((second.body as { id: unknown }).id).toBe(second.requestId);
    await until(() => bed.emulator.webhooks().some((delivery) => delivery.fault === 'misdirected'));
    for (const delivery of bed.emulator.webhooks().filter((one) => one.fault === 'misdirected'))
      expect(delivery.status).toBe(400);
  });

  it('refuses a share outside 0 to 1', async () => {
    await expect(startWebhookBed({ emulator: { webhookFaults: { lost: 1.5 } } })).rejects.toThrow(
      /webhookFaults\.lost is a share/,
    );
  });

  it('refuses a webhook fault option it does not know, naming the closest', async () => {
    await expect(
      startWebhookBed({ emulator: { webhookFaults: { lose: 1 } as WebhookFaults } }),
    ).rejects.toThrow(/lost/);
  });

  it('a store that fails costs the call its webhook, not the call: it polls, and a delivery gets 503', async () => {
    const broken = new Error('the store is down');
    const failing: WebhookStore = {
      open: () => Promise.reject(broken),
      get: () => Promise.reject(broken),
      bind: () => Promise.reject(broken),
      deliver: () => Promise.reject(broken),
      settle: () => Promise.reject(broken),
      trackOf: () => Promise.reject(broken),
    };
    const bed = await startWebhookBed({ receiver: { store: failing, fallbackMarginMs: 300 } });
    beds.push(bed);
    const result = await bed.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    expect(bed.fetches()).toBeGreaterThanOrEqual(1);
    // No webhook was sent with the submission, so the service delivers nothing.
    expect(bed.emulator.webhooks()).toEqual([]);
    const answer = await fetch(`${bed.hookUrl}/${'A'.repeat(22)}/${'B'.repeat(43)}`, {
      method: 'POST',
      body: '{}',
    });
    expect([answer.status, await answer.text()]).toEqual([503, '']);
  });
});
