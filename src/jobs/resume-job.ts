/**
 * Picks up the wait for a job that an earlier call handed back as a {@link ResumableJob}.
 * @module
 */
import { type Clock, systemClock } from '../http/index.js';
import { type JobOutcome, type PollJobOptions, pollJob } from './poll-job.js';
import type { ResumableJob } from './resumable-job.js';

export type ResumeJobOptions = Omit<
  PollJobOptions,
  'first' | 'target' | 'submittedAt' | 'firstDelayMs' | 'webhook'
>;

/** Continues polling `handle`: first at its `notBefore` (or now, if that has passed), then by the schedule. */
export function resumeJob(handle: ResumableJob, options: ResumeJobOptions): Promise<JobOutcome> {
  return pollJob(resumedPolling(handle, options));
}

/** What polling `handle` again takes: {@link resumeJob}'s options, for a waiting job made elsewhere. */
export function resumedPolling(handle: ResumableJob, options: ResumeJobOptions): PollJobOptions {
  const clock: Clock = options.clock ?? systemClock;
  return {
    ...options,
    first: {
      status: 'processing',
      id: handle.requestId,
      ...(handle.etaMs !== undefined ? { eta: handle.etaMs / 1000 } : {}),
    },
    target: handle.fetch,
    submittedAt: handle.submittedAt,
    firstDelayMs: Math.max(0, handle.notBefore - clock.now()),
    // A handle with the service's estimate says something; one rebuilt from an id alone does not.
    reportFirst: handle.etaMs !== undefined,
    ...(options.category === undefined && handle.category !== undefined ? { category: handle.category } : {}),
  };
}
