import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import type { Account } from '../state/records.js';
import { answerFor } from './answers.js';
import type { Job } from './job-store.js';
import { generationError, withQuirks } from './respond.js';

const TRAINING_STATE = {
  processing: 'training',
  success: 'trained',
  failed: 'failed',
  cancelled: 'cancelled',
} as const;

/** The model a finished training produced. */
export function trainedModelId(job: Job): string {
  return `ft-${String(job.id).slice(0, 12)}`;
}

function progress(ctx: EmulatorContext, job: Job): number {
  if (!Number.isFinite(job.readyAt)) return 0.01;
  const total = Math.max(1, job.readyAt - job.createdAt);
  return Math.min(1, Math.max(0, (ctx.clock.now() - job.createdAt) / total));
}

/** A training job's status, in the shape of the family that asks (v6 fine_tune_status or v8 jobs). */
export function trainingStatus(
  ctx: EmulatorContext,
  job: Job,
  operation: GenerationOperation,
): Record<string, unknown> {
  const status = ctx.jobs.status(job);
  const done = status === 'success';
  if (operation.version === 'v8') {
    return {
      id: job.id,
      status,
      base_model: job.input.base_model ?? null,
      model_id: done ? trainedModelId(job) : null,
      progress: Math.round(progress(ctx, job) * 100) / 100,
      eta: status === 'processing' ? answerFor(ctx, job).eta : 0,
      created_at: new Date(job.createdAt).toISOString(),
      ...(status === 'failed' ? { error: 'Training failed: the training data could not be used.' } : {}),
    };
  }
  const answer = answerFor(ctx, job);
  return {
    status: status === 'cancelled' ? 'failed' : status,
    training_status: TRAINING_STATE[status],
    training_id: job.id,
    ...(done ? { model_id: trainedModelId(job) } : {}),
    ...(status === 'processing' ? { eta: answer.eta, fetch_result: answer.fetch_result } : {}),
    message: done ? 'The model is trained and ready.' : String(answer.message ?? answer.messege ?? ''),
  };
}

function trainings(ctx: EmulatorContext, account: Account, version: string): Job[] {
  return ctx.jobs.list(
    account.id,
    (job) => job.operation.category === 'training' && job.operation.version === version,
  );
}

/** The trainings of the account: v6 `finetune_list` and v8 `GET /training`. */
export function listTrainings(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  account: Account,
  query: Record<string, unknown>,
): Response {
  const jobs = trainings(ctx, account, operation.version);
  if (operation.version === 'v8') {
    const wanted = typeof query.status === 'string' ? query.status : undefined;
    const limit = typeof query.limit === 'number' ? query.limit : 20;
    const data = jobs
      .map((job) => trainingStatus(ctx, job, operation))
      .filter((job) => !wanted || job.status === wanted)
      .slice(0, limit);
    return c.json({ object: 'list', data });
  }
  const data = jobs
    .filter((job) => !ctx.jobs.deleted.has(String(job.id)))
    .map((job) => ({
      training_id: job.id,
      training_status: TRAINING_STATE[ctx.jobs.status(job)],
      model_id: ctx.jobs.status(job) === 'success' ? trainedModelId(job) : null,
      created_at: new Date(job.createdAt).toISOString(),
    }));
  return c.json(withQuirks(ctx, { status: 'success', data }));
}

/** Cancels (v6 cancel_training, v8 cancel) or deletes (v6 delete) a training of the account. */
export function changeTraining(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  job: Job,
): Response {
  const status = ctx.jobs.status(job);
  if (operation.result === 'training-delete') {
    ctx.jobs.deleted.add(String(job.id));
    return c.json({ status: 'success', message: `Training ${job.id} and its model were deleted.` });
  }
  if (status !== 'processing') {
    return generationError(
      c,
      ctx,
      operation,
      422,
      `Training ${job.id} has already ended (${status}); it cannot be cancelled.`,
    );
  }
  job.cancelledAt = ctx.clock.now();
  const account = ctx.state.accounts.get(job.accountId);
  const usage = account?.usage.find((record) => record.id === job.usageId);
  if (account && usage) {
    usage.status = 'failed';
    if (usage.credits > 0)
      ctx.state.credit(account, usage.credits, `Refund: training ${job.id} cancelled`, String(job.id));
  }
  if (operation.version === 'v8') return c.json(trainingStatus(ctx, job, operation));
  return c.json({ status: 'success', message: `Training ${job.id} was cancelled and refunded.` });
}
