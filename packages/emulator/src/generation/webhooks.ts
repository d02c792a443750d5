import type { EmulatorContext } from '../context.js';
import { answerFor } from './answers.js';
import type { Job } from './job-store.js';

export interface WebhookDelivery {
  readonly url: string;
  readonly jobId: number | string;
  readonly status: number | 'failed';
  readonly body: Record<string, unknown>;
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

/** POSTs the final answer of `job` to its webhook, with its track_id; failures are recorded, not thrown. */
export async function deliverWebhook(
  ctx: EmulatorContext,
  job: Job,
  deliveries: WebhookDelivery[],
): Promise<void> {
  if (!job.webhook) return;
  const body = { ...answerFor(ctx, job), track_id: job.trackId ?? null, webhook_type: 'generation' };
  let status: number | 'failed';
  try {
    const response = await fetch(job.webhook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'generation-emulator-webhooks' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    status = 'failed';
  }
  deliveries.push({ url: job.webhook, jobId: job.id, status, body });
}
