/**
 * Faults of the emulator's webhook deliveries, as real services show them: a delivery lost, sent
 * late, sent twice, cut short, or also sent to another job's webhook. Each is drawn per delivery
 * from its own seeded sequence, so that turning webhook faults on never changes the durations or
 * the other faults a seed gives.
 * @module
 */

import type { EmulatorContext } from '../context.js';
import { type OptionKeys, UsageError } from '../errors/index.js';
import { SeededRandom } from '../random.js';
import type { Job } from './job-store.js';

/** Shares (0 to 1) of webhook deliveries that meet each fault. */
export interface WebhookFaults {
  /** Never sent. @default 0 */
  readonly lost?: number;
  /** Sent `lateSeconds` of service time after the job ends. @default 0 */
  readonly late?: number;
  /** How late a late delivery is, in seconds of service time. @default 60 */
  readonly lateSeconds?: number;
  /** Sent twice. @default 0 */
  readonly duplicated?: number;
  /** Sent with a body cut short in the middle (not JSON). @default 0 */
  readonly garbled?: number;
  /** Also sent to the webhook of another job of the account (the latest one with a different URL). @default 0 */
  readonly misdirected?: number;
}

export const WEBHOOK_FAULT_KEYS: OptionKeys<WebhookFaults> = {
  lost: ['lose', 'lostRate'],
  late: ['lateRate'],
  lateSeconds: ['lateBySeconds', 'delaySeconds'],
  duplicated: ['duplicate', 'duplicateRate'],
  garbled: ['garble', 'garbledRate'],
  misdirected: ['misdirect', 'crossed'],
};

/** Refuses shares outside 0 to 1 and a negative lateness, naming the option. */
export function checkWebhookFaults(faults: WebhookFaults): WebhookFaults {
  for (const key of ['lost', 'late', 'duplicated', 'garbled', 'misdirected'] as const) {
    const share = faults[key];
    if (share !== undefined && !(share >= 0 && share <= 1))
      throw new UsageError(`webhookFaults.${key} is a share of deliveries, from 0 to 1, not ${share}`);
  }
  if (faults.lateSeconds !== undefined && !(faults.lateSeconds >= 0))
    throw new UsageError(`webhookFaults.lateSeconds must be 0 or more, not ${faults.lateSeconds}`);
  return faults;
}

/** One POST the emulator will make for a finished job. */
export interface PlannedDelivery {
  readonly url: string;
  readonly text: string;
  /** Clock milliseconds after the job's end. */
  readonly delayMs: number;
  readonly fault?: 'late' | 'duplicated' | 'garbled' | 'misdirected';
}

const randoms = new WeakMap<EmulatorContext, SeededRandom>();

function randomOf(ctx: EmulatorContext): SeededRandom {
  let random = randoms.get(ctx);
  if (!random) {
    random = new SeededRandom((ctx.options.seed ^ 0x5eed_0b0c) >>> 0);
    randoms.set(ctx, random);
  }
  return random;
}

/** Another job's webhook of the same account: where a misdirected delivery goes. */
function otherWebhook(ctx: EmulatorContext, job: Job): string | undefined {
  const others = ctx.jobs.list(
    job.accountId,
    (other) => other.webhook !== null && other.webhook !== job.webhook,
  );
  return others.at(-1)?.webhook ?? undefined;
}

/** The deliveries of `job`'s final answer `body` under the configured faults; none when it is lost. */
export function planDeliveries(
  ctx: EmulatorContext,
  job: Job,
  body: Record<string, unknown>,
): PlannedDelivery[] {
  const faults = ctx.options.webhookFaults;
  const random = randomOf(ctx);
  const url = job.webhook;
  if (!url) return [];
  // Every share is drawn each time, so that one fault's share does not move another's draws.
  const [lost, late, duplicated, garbled, misdirected] = [
    faults.lost,
    faults.late,
    faults.duplicated,
    faults.garbled,
    faults.misdirected,
  ].map((share) => random.next() < (share ?? 0));
  if (lost) return [];
  const text = JSON.stringify(body);
  const delayMs = late ? ctx.serviceMs(faults.lateSeconds ?? 60) : 0;
  const first: PlannedDelivery = garbled
    ? { url, text: text.slice(0, Math.floor(text.length / 2)), delayMs, fault: 'garbled' }
    : { url, text, delayMs, ...(late ? { fault: 'late' as const } : {}) };
  const planned = [first];
  if (duplicated) planned.push({ url, text, delayMs, fault: 'duplicated' });
  const elsewhere = misdirected ? otherWebhook(ctx, job) : undefined;
  if (elsewhere) planned.push({ url: elsewhere, text, delayMs, fault: 'misdirected' });
  return planned;
}
