import type { EmulatorContext } from '../context.js';
import { generationErrorBody } from '../http/surface-errors.js';
import type { Job } from './job-store.js';

const absolute = (job: Job, path: string) => `${job.origin}${path}`;

/** The address that fetches `job`: its family's fetch operation with the id filled in. */
export function fetchUrl(job: Job): string {
  const template = job.operation.fetch ?? '';
  return absolute(job, template.replace(/\{[^}]+\}/, encodeURIComponent(String(job.id))));
}

/** Where each family puts its result list (service-facts.md): v6 images say `images`. */
function resultField(job: Job): 'images' | 'output' {
  return /^\/api\/v6\/(images|realtime)\//.test(job.operation.path) ? 'images' : 'output';
}

export function processingAnswer(ctx: EmulatorContext, job: Job): Record<string, unknown> {
  const remaining = Number.isFinite(job.readyAt) ? job.readyAt - ctx.clock.now() : ctx.serviceMs(60);
  const v6BodyFetch = job.operation.fetchStyle === 'body';
  return {
    status: 'processing',
    tip: 'The request is queued. Fetch the result from fetch_result once eta seconds have passed; the output will be at future_links.',
    eta: ctx.publishedSeconds(remaining),
    message: 'Request processing.',
    fetch_result: fetchUrl(job),
    id: job.id,
    ...(v6BodyFetch || job.operation.category === 'video' ? { request_id: String(job.id) } : {}),
    ...(job.operation.category === 'training' ? { training_id: job.id } : {}),
    output: [],
    future_links: job.outputs.map((file) => absolute(job, file.path)),
    meta: job.input,
  };
}

export function successAnswer(job: Job): Record<string, unknown> {
  const links = job.outputs.map((file) => absolute(job, file.path));
  const generationTime = Math.max(0.1, Math.round((job.readyAt - job.createdAt) / 100) / 10);
  const answer: Record<string, unknown> = {
    status: 'success',
    generationTime,
    id: job.id,
    [resultField(job)]: links,
    proxy_links: links,
    meta: job.input,
  };
  if (job.text !== undefined) answer.text = job.text;
  if (job.operation.operationId === 'v6_voice_text_to_audio') {
    // text_to_audio answers a single `audio_url` (the spec's shown form) rather than a list.
    delete answer.output;
    answer.audio_url = links[0];
  }
  return answer;
}

export function failedAnswer(ctx: EmulatorContext, job: Job, cancelled: boolean): Record<string, unknown> {
  const message = cancelled
    ? 'The request was cancelled.'
    : 'Generation failed: the model could not process this input. Credits for it were refunded.';
  return { ...generationErrorBody(ctx, job.operation.path, message), status: 'failed', id: job.id };
}

/** The answer a fetch (or the webhook) gives for `job` now. */
export function answerFor(ctx: EmulatorContext, job: Job): Record<string, unknown> {
  switch (ctx.jobs.status(job)) {
    case 'processing':
      return processingAnswer(ctx, job);
    case 'success':
      return successAnswer(job);
    case 'failed':
      return failedAnswer(ctx, job, false);
    case 'cancelled':
      return failedAnswer(ctx, job, true);
  }
}
