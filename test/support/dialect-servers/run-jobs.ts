/**
 * A crowd of callers running jobs through one `HttpClient` (one governor): each caller submits
 * a job, waits for it with the job poller, and takes the next, until `jobs` have been run.
 * Used by the dialect tests (on virtual time) and by `bench/dialects.ts` (on real time).
 * @module
 */
import type { HttpClient } from '../../../src/http/index.js';
import { awaitGeneration } from '../../../src/jobs/index.js';

export interface RunJobsOptions {
  readonly client: HttpClient;
  /** The dialect server's URL. */
  readonly baseUrl: string;
  readonly jobs: number;
  readonly callers: number;
}

export interface JobsRun {
  /** Calls that ended in an error (the submission or the wait). */
  readonly failedCalls: number;
  /** Calls that came back still processing (a handle instead of a result). */
  readonly unfinished: number;
  /** Results received. */
  readonly finished: number;
  /** The errors' messages, for a failing test to show. */
  readonly errors: readonly string[];
}

export async function runJobs(options: RunJobsOptions): Promise<JobsRun> {
  const { client, baseUrl } = options;
  let next = 0;
  let failedCalls = 0;
  let unfinished = 0;
  let finished = 0;
  const errors: string[] = [];
  const credential = { name: 'generationKey', placement: 'bearer' } as const;
  const caller = async () => {
    while (next < options.jobs) {
      next += 1;
      try {
        const submittedUrl = new URL('/v1/generations', baseUrl);
        const response = await client.request({
          method: 'POST',
          url: submittedUrl,
          json: { prompt: `job ${next}` },
          credential,
          idempotency: 'unsafe',
          submitsJob: true,
        });
        const outcome = await awaitGeneration({
          client,
          response,
          submittedUrl,
          credential,
          fetch: { path: '/v1/generations/{id}', style: 'path', method: 'GET' },
          category: 'image',
          deadlineMs: 600_000,
        });
        if (outcome.status === 'success') finished += 1;
        else unfinished += 1;
      } catch (error) {
        failedCalls += 1;
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: options.callers }, caller));
  return { failedCalls, unfinished, finished, errors };
}
