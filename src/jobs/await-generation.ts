/**
 * From a submission's answer to a finished job in one call: finds the fetch target, builds the
 * fetcher on the session's client, hands over the queue slot, and polls.
 * @module
 */
import type { CredentialRef, HttpClient, HttpResponse } from '../http/index.js';
import { createFetchStatus } from './fetch-status.js';
import { type FetchOperation, fetchTargetFor } from './fetch-target.js';
import { readJobAnswer } from './job-answer.js';
import { type JobOutcome, type PollJobOptions, pollJob } from './poll-job.js';

export interface AwaitGenerationOptions
  extends Omit<PollJobOptions, 'first' | 'target' | 'fetchStatus' | 'clock' | 'jobSlot'> {
  readonly client: HttpClient;
  /** The submission's response. */
  readonly response: HttpResponse;
  /** The URL the job was submitted to. */
  readonly submittedUrl: string | URL;
  /** The fetch operation discovery found for this family. */
  readonly fetch?: FetchOperation;
  /** @default { name: 'generationKey', placement: 'body-key' } */
  readonly credential?: CredentialRef;
}

/** Polls the job a submission queued (or returns at once if it finished inside the call). */
export function awaitGeneration(options: AwaitGenerationOptions): Promise<JobOutcome> {
  const { client, response, submittedUrl, fetch, credential, ...polling } = options;
  const answer = readJobAnswer(response.body);
  const target = fetchTargetFor({
    answer,
    submittedUrl: new URL(submittedUrl, response.url),
    ...(fetch ? { fetch } : {}),
  });
  return pollJob({
    ...polling,
    first: response.body,
    target,
    fetchStatus: createFetchStatus({ client, ...(credential ? { credential } : {}) }),
    clock: client.clock,
    ...(response.jobSlot ? { jobSlot: response.jobSlot } : {}),
  });
}
