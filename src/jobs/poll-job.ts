/**
 * The one polling loop: turns a `processing` answer into a finished result, a failure that says
 * why, or, when the deadline comes first, a {@link ResumableJob}. Never an error that loses the job.
 * @module
 */
import type { Clock, JobSlot } from '../http/index.js';
import type { FetchTarget } from './fetch-target.js';
import type { JobDelivery } from './job-delivery.js';
import type { ResumableJob } from './resumable-job.js';
import type { PollSchedule } from './schedule.js';
import { WaitingJob } from './waiting-job.js';

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

/**
 * Fetches the job's current answer; throws a ServiceError when the call fails. `expect`, when
 * present, is told when the next fetch of `target` is due (the rate-limit governor keeps new
 * submissions from taking the unit it will need).
 */
export type FetchStatus = ((target: FetchTarget, signal: AbortSignal | undefined) => Promise<unknown>) & {
  readonly expect?: (target: FetchTarget, at: number) => void;
};

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

/**
 * Waits for a job to finish; see {@link PollJobOptions}. The job waits as one record on the
 * shared job timers ({@link WaitingJob}), not as a suspended function: a fleet parks thousands.
 */
export function pollJob(options: PollJobOptions): Promise<JobOutcome> {
  return new Promise<JobOutcome>((resolve, reject) => {
    new WaitingJob(options, { jobEnded: resolve, jobFailed: reject }).start();
  });
}
