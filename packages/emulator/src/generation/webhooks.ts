import type { EmulatorContext } from '../context.js';
import { answerFor } from './answers.js';
import type { Job } from './job-store.js';
import { type PlannedDelivery, planDeliveries } from './webhook-faults.js';

export interface WebhookDelivery {
  readonly url: string;
  readonly jobId: number | string;
  /** The receiver's status; `failed` when it could not be reached; `lost` for a lost delivery (a fault). */
  readonly status: number | 'failed' | 'lost';
  readonly body: Record<string, unknown>;
  /** The webhook fault this delivery met, if any. */
  readonly fault?: PlannedDelivery['fault'] | 'lost';
}

/** Whether the emulator may call `url` back; an explanation when not. */
export function webhookProblem(ctx: EmulatorContext, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'webhook must be an absolute http(s) URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'webhook must be an http(s) URL.';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const allowed = ctx.options.webhookHosts;
  if (allowed !== '*' && !allowed.includes(host)) {
    return `The emulator only calls webhooks on ${allowed.join(', ')} (set webhookHosts to allow ${host}).`;
  }
  return undefined;
}

/**
 * POSTs the final answer of `job` to its webhook, with its track_id, under the configured webhook
 * faults; failures are recorded, not thrown.
 */
export async function deliverWebhook(
  ctx: EmulatorContext,
  job: Job,
  deliveries: WebhookDelivery[],
): Promise<void> {
  if (!job.webhook) return;
  const body = { ...answerFor(ctx, job), track_id: job.trackId ?? null, webhook_type: 'generation' };
  const planned = planDeliveries(ctx, job, body);
  if (planned.length === 0) {
    deliveries.push({ url: job.webhook, jobId: job.id, status: 'lost', body, fault: 'lost' });
    return;
  }
  for (const delivery of planned) {
    if (delivery.delayMs > 0)
      ctx.clock.schedule(
        ctx.clock.now() + delivery.delayMs,
        () => void post(job, delivery, body, deliveries),
      );
    else await post(job, delivery, body, deliveries);
  }
}

async function post(
  job: Job,
  delivery: PlannedDelivery,
  body: Record<string, unknown>,
  deliveries: WebhookDelivery[],
): Promise<void> {
  let status: number | 'failed';
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'generation-emulator-webhooks' },
      body: delivery.text,
      signal: AbortSignal.timeout(5000),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    status = 'failed';
  }
  deliveries.push({
    url: delivery.url,
    jobId: job.id,
    status,
    body,
    ...(delivery.fault ? { fault: delivery.fault } : {}),
  });
}
