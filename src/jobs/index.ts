/**
 * The job poller: from `processing` to a finished result, a failure that says why, or a
 * resumable handle.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module
 */
export { type AwaitGenerationOptions, awaitGeneration } from './await-generation.js';
export { createFetchStatus, type FetchStatusOptions } from './fetch-status.js';
export {
  type FetchOperation,
  type FetchTarget,
  type FetchTargetInput,
  fetchTargetFor,
} from './fetch-target.js';
export { type JobAnswer, type JobState, readJobAnswer } from './job-answer.js';
export type { JobDelivery } from './job-delivery.js';
export {
  type FetchStatus,
  type FinishedJob,
  type JobOutcome,
  type JobProgress,
  type PollJobOptions,
  pollJob,
} from './poll-job.js';
export { isResumableJob, type ResumableJob } from './resumable-job.js';
export { type ResumeJobOptions, resumeJob } from './resume-job.js';
export {
  nextPollDelay,
  POLL_SCHEDULES,
  type PollCategory,
  type PollSchedule,
  scheduleFor,
} from './schedule.js';
