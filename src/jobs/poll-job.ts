/**
 * The one polling loop: turns a `processing` answer into a finished result, a failure that says
 * why, or, when the deadline comes first, a {@link ResumableJob}. Never an error that loses the job.
 * @module
 */
import { type Clock, GenerationFailedError, type JobSlot, ServiceError, systemClock } from '../http/index.js';
import type { FetchTarget } from './fetch-target.js';
import { type JobAnswer, readJobAnswer } from './job-answer.js';
import { type JobDelivery, sleepUnlessDelivered, type WaitEnd } from './job-delivery.js';
import type { ResumableJob } from './resumable-job.js';
import { nextPollDelay, type PollSchedule, scheduleFor } from './schedule.js';

/**
 * A progress report, after the submission and after each poll.
 *
 * @example
 * await session.call('v8_video_text_to_video', { prompt: 'waves' }, {
 *   onProgress: ({ status, elapsedMs, etaMs, attempt }) => console.log(status, elapsedMs, etaMs, attempt),
 * });
 */
export interface JobProgress {
  readonly status: 'processing' | 'success' | 'failed';
  readonly requestId: string | number | undefined;
  /** Since submission. */
  readonly elapsedMs: number;
  /** The service's latest estimate of the time left. */
  readonly etaMs?: number;
  /** Polls made so far. */
  readonly attempt: number;
}

/** Fetches the job's current answer; throws a ServiceError when the call fails. */
export type FetchStatus = (target: FetchTarget, signal: AbortSignal | undefined) => Promise<unknown>;

export interface PollJobOptions {
  /** The submission's answer. */
  readonly first: unknown;
  /** Where to fetch (see `fetchTargetFor`); needed when `first` is `processing`. */
  readonly target: FetchTarget | undefined;
  readonly fetchStatus: FetchStatus;
  /** The family (`image`, `audio`, `video`, `3d`, `training`...) choosing the base schedule. */
  readonly category?: string;
  /** Adjustments to the family's schedule. */
  readonly schedule?: Partial<PollSchedule>;
  /**
   * How long this call may wait, in milliseconds; then a ResumableJob is returned.
   * @default 300000
   */
  readonly deadlineMs?: number;
  /**
   * Wait until the deadline and poll once there even when the estimate says the job ends later,
   * instead of handing the job back at once. @default false
   */
  readonly waitWhole?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: JobProgress) => void;
  /** @default systemClock */
  readonly clock?: Clock;
  /** The submission asked for a webhook: return the handle at once, without polling. @default false */
  readonly webhook?: boolean;
  /** When the job was submitted; defaults to now. */
  readonly submittedAt?: number;
  /** Delay before the first poll, instead of the schedule's. */
  readonly firstDelayMs?: number;
  /**
   * Whether `first` is reported through `onProgress` before the first poll: not when it is no
   * answer of the service's but a stand-in (a job resumed from its id alone), which would report
   * a state nobody has seen, such as "processing" for a job the service does not know.
   * @default true
   */
  readonly reportFirst?: boolean;
  /** The job's place under the queue limit; released when this call ends. */
  readonly jobSlot?: JobSlot;
  /**
   * The final answer may also be delivered (a webhook): every wait ends when it arrives, and the
   * first poll waits until the eta plus the delivery's margin, so that polling is the fallback.
   */
  readonly delivery?: JobDelivery;
}

export interface FinishedJob {
  readonly status: 'success';
  readonly requestId: string | number | undefined;
  /** The final answer. */
  readonly body: unknown;
  readonly polls: number;
  readonly elapsedMs: number;
}

export type JobOutcome = FinishedJob | ResumableJob;

const TIME_PASSED: WaitEnd = { delivered: false };

/** Reports the latest answer through `onProgress`. */
function report(options: PollJobOptions, answer: JobAnswer, polls: number, elapsedMs: number): void {
  options.onProgress?.({
    status: answer.state,
    requestId: answer.id ?? options.target?.requestId,
    elapsedMs,
    attempt: polls,
    ...(answer.etaMs !== undefined ? { etaMs: answer.etaMs } : {}),
  });
}

function failure(answer: JobAnswer, target: FetchTarget | undefined): GenerationFailedError {
  return new GenerationFailedError({
    method: 'POST',
    url: target?.url ?? '(submission)',
    message: answer.message ?? 'The job failed without saying why',
    ...(answer.message !== undefined ? { serviceMessage: answer.message } : {}),
    jobId: answer.id ?? target?.requestId,
  });
}

/**
 * Waits for a job to finish; see {@link PollJobOptions}. One async frame per waiting job, its
 * state kept in locals: a fleet parks thousands of jobs here, so nothing per job is allocated
 * for the whole wait beyond what the loop needs (no wrapper frames, no closures).
 */
export async function pollJob(options: PollJobOptions): Promise<JobOutcome> {
  // The job's place under the queue limit, released at most once: at the job's eta, or when
  // the wait ends, whichever is first.
  let jobSlot = options.jobSlot;
  try {
    const clock = options.clock ?? systemClock;
    const submittedAt = options.submittedAt ?? clock.now();
    const deadline = clock.now() + (options.deadlineMs ?? 300_000);
    const schedule = scheduleFor(options.category, options.schedule);
    let answer = readJobAnswer(options.first);
    let answeredAt = clock.now();
    let polls = 0;
    let lastPollTaken = false;
    // After a failed poll the last eta is stale: back off instead of following it.
    let lastPollFailed = false;
    // A delivery is taken once: a delivered answer that is not final must not end every later wait.
    let delivery = options.delivery;
    for (;;) {
      if (polls > 0 || options.reportFirst !== false)
        report(options, answer, polls, clock.now() - submittedAt);
      if (answer.state === 'success') {
        return {
          status: 'success',
          requestId: answer.id ?? options.target?.requestId,
          body: answer.body,
          polls,
          elapsedMs: clock.now() - submittedAt,
        };
      }
      if (answer.state === 'failed') throw failure(answer, options.target);
      const target = options.target;
      if (!target)
        throw failure(
          { ...answer, message: 'The job is queued but the answer says nowhere how to fetch it' },
          undefined,
        );
      const now = clock.now();
      // The eta counts from when the answer came, not from now: a failed poll leaves an old answer.
      const etaLeft =
        answer.etaMs === undefined || lastPollFailed
          ? undefined
          : Math.max(0, answer.etaMs - (now - answeredAt));
      const delayMs =
        polls === 0 && options.firstDelayMs !== undefined
          ? options.firstDelayMs
          : polls === 0 && delivery
            ? (etaLeft ?? schedule.initialDelayMs) + delivery.marginMs
            : nextPollDelay(schedule, polls, etaLeft);
      // When the next scheduled poll falls after the wait, one last poll at the deadline is worth
      // it if the service's estimate says the job may be done by then; otherwise the handle goes
      // back at once rather than after a wait that cannot succeed.
      const left = deadline - now;
      const lastChance =
        !options.webhook &&
        !lastPollTaken &&
        left > 0 &&
        // A delivery on its way is awaited, not polled for, whatever the caller's wait.
        ((options.waitWhole === true && !delivery) || etaLeft === undefined || etaLeft <= left);
      const late = now + delayMs > deadline;
      if (late && lastChance) lastPollTaken = true;
      else if (options.webhook || late) {
        return {
          status: 'processing',
          requestId: target.requestId,
          fetch: target,
          // Whole milliseconds: the clock's fractions mean nothing to whoever reads the handle.
          retryAfterMs: Math.ceil(delayMs),
          notBefore: Math.ceil(now + delayMs),
          submittedAt,
          reason: options.webhook ? 'webhook' : options.deadlineMs === 0 ? 'not-waited' : 'deadline',
          ...(options.category ? { category: options.category } : {}),
          ...(etaLeft !== undefined ? { etaMs: Math.ceil(etaLeft) } : {}),
        };
      }
      const sleepMs = late ? left : delayMs;
      let waited: WaitEnd;
      if (jobSlot && etaLeft !== undefined && etaLeft < sleepMs) {
        // The job ends when its eta says: its place under the account's job limit is free from
        // then, not from whenever the poll that confirms it comes back.
        waited = await sleepUnlessDelivered(clock, etaLeft, options.signal, delivery);
        jobSlot.release();
        jobSlot = undefined;
        if (!waited.delivered)
          waited = await sleepUnlessDelivered(clock, sleepMs - etaLeft, options.signal, delivery);
      } else if (delivery) waited = await sleepUnlessDelivered(clock, sleepMs, options.signal, delivery);
      else {
        await clock.sleep(sleepMs, options.signal);
        waited = TIME_PASSED;
      }
      const delivered = waited.delivered
        ? waited.body
        : delivery?.received
          ? await delivery.received()
          : undefined;
      if (delivered !== undefined) {
        // Delivered (here, or to another process sharing the store): no fetch is spent on it.
        delivery = undefined;
        answer = readJobAnswer(delivered);
        answeredAt = clock.now();
        lastPollFailed = false;
        continue;
      }
      polls += 1;
      try {
        answer = readJobAnswer(await options.fetchStatus(target, options.signal));
        answeredAt = clock.now();
        lastPollFailed = false;
      } catch (error) {
        lastPollFailed = true;
        // A transient failure of one poll loses nothing: the job runs on, the next poll may answer.
        if (GenerationFailedError.isInstance(error) || !ServiceError.isInstance(error) || !error.retryable)
          throw error;
      }
    }
  } finally {
    jobSlot?.release();
  }
}
