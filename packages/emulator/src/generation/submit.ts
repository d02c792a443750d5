import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { topUpIfBelowThreshold } from '../control-plane/auto-funding.js';
import { retryAfter } from '../http/rate-limit-headers.js';
import { type Micros, toMicros } from '../money.js';
import { activePlan } from '../plans.js';
import type { Account, UsageRecord } from '../state/records.js';
import { InsufficientFundsError } from '../state/store.js';
import { answerFor, processingAnswer } from './answers.js';
import type { Job } from './job-store.js';
import { planOutputs } from './outputs.js';
import { generationError, insufficientCredits, withQuirks } from './respond.js';
import { deliverWebhook, type WebhookDelivery, webhookProblem } from './webhooks.js';

const QUEUE_RETRY_SECONDS = 30;

/** Seconds of service time the job takes, drawn from the configured duration of its operation or category. */
function drawDuration(ctx: EmulatorContext, operation: GenerationOperation): number {
  const configured =
    ctx.options.jobDurations[operation.operationId] ?? ctx.options.jobDurations[operation.category] ?? 5;
  return typeof configured === 'number' ? configured : ctx.random.between(configured[0], configured[1]);
}

export function queueLimitOf(ctx: EmulatorContext, account: Account): number {
  return activePlan(account)?.queueLimit ?? ctx.options.queueLimit;
}

/** Settles the books when a job ends: usage status, a refund for a failure, the webhook. */
function finish(ctx: EmulatorContext, job: Job, usage: UsageRecord, deliveries: WebhookDelivery[]): void {
  const status = ctx.jobs.status(job);
  if (status === 'processing') {
    // A system timer may fire a moment before readyAt: come back then, or the webhook is lost.
    if (Number.isFinite(job.readyAt))
      ctx.clock.schedule(job.readyAt, () => finish(ctx, job, usage, deliveries));
    return;
  }
  if (status === 'cancelled') return;
  usage.status = status;
  const account = ctx.state.accounts.get(job.accountId);
  if (status === 'failed' && account && usage.credits > 0) {
    ctx.state.credit(account, usage.credits, `Refund: ${job.operation.operationId} failed`, String(job.id));
  }
  void deliverWebhook(ctx, job, deliveries);
}

/**
 * Queues a generation: checks the webhook, the queue limit and the credits, charges, and answers
 * `processing` (or the result, when the job is short enough to finish inside the call).
 */
export function submitJob(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  account: Account,
  input: Record<string, unknown>,
  deliveries: WebhookDelivery[],
): Response {
  const webhook = typeof input.webhook === 'string' && input.webhook ? input.webhook : null;
  const problem = webhook ? webhookProblem(ctx, webhook) : undefined;
  if (problem) return generationError(c, ctx, operation, 422, problem);

  const fate = ctx.faults.jobFate();
  const seconds = drawDuration(ctx, operation);
  const inline = fate !== 'stuck' && seconds <= ctx.options.inlineJobSeconds;
  const limit = queueLimitOf(ctx, account);
  if (!inline && ctx.jobs.queued(account.id) >= limit) {
    const response = generationError(
      c,
      ctx,
      operation,
      429,
      `Rate limit exceeded. Maximum ${limit} queued requests allowed.`,
      {
        retry_after: ctx.publishedSeconds(ctx.serviceMs(QUEUE_RETRY_SECONDS)),
      },
    );
    response.headers.set(
      'Retry-After',
      retryAfter(ctx.serviceMs(QUEUE_RETRY_SECONDS), ctx.clock.now(), ctx.options.retryAfterFormat),
    );
    return response;
  }

  const price = toMicros(
    operation.price * (operation.result === 'image' && typeof input.samples === 'number' ? input.samples : 1),
  );
  const id = ctx.jobs.newId(operation);
  try {
    if (price > 0) {
      ctx.state.debit(account, price, operation.operationId, String(id));
      topUpIfBelowThreshold(ctx, account);
    }
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    return insufficientCredits(c, ctx, operation, price, error.balance);
  }

  const now = ctx.clock.now();
  const readyAt = fate === 'stuck' ? Number.POSITIVE_INFINITY : now + (inline ? 0 : ctx.serviceMs(seconds));
  const { key: _key, ...meta } = input;
  const outputs = planOutputs(ctx, operation, meta, readyAt);
  const usage = ctx.state.recordUsage(account, {
    operationId: operation.operationId,
    category: operation.category,
    status: 'processing',
    credits: price as Micros,
  });
  const job = ctx.jobs.add({
    id,
    operation,
    accountId: account.id,
    createdAt: now,
    readyAt,
    fate,
    outputs: outputs.files,
    ...(outputs.text !== undefined ? { text: outputs.text } : {}),
    input: meta,
    webhook,
    trackId: input.track_id ?? null,
    origin: c.get('origin'),
    cancelledAt: null,
    usageId: usage.id,
  });
  if (Number.isFinite(readyAt)) {
    if (inline) finish(ctx, job, usage, deliveries);
    else ctx.clock.schedule(readyAt, () => finish(ctx, job, usage, deliveries));
  }
  // A queued job is answered `processing` however long building the answer took: the submission
  // reports the queue, not a race with a fast clock.
  return c.json(withQuirks(ctx, inline ? answerFor(ctx, job) : processingAnswer(ctx, job)), 200);
}
