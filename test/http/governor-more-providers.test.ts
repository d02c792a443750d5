/**
 * The governor against servers written from the documentation of providers it was not built
 * on, where a field or a refusal differs from the ones it knew: Azure OpenAI's 429 for its
 * tokens while its requests have room (a quota's refusal, not the job queue's).
 */
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/index.js';
import { runJobs } from '../support/dialect-servers/run-jobs.js';
import { providerLimitServer } from '../support/provider-limit-servers/index.js';
import { runAgainst } from '../support/provider-limit-servers/run-against.js';

describe('the governor against providers it was not built on', () => {
  it('reads a 429 beside a spent quota as that quota’s refusal, not a full job queue (Azure OpenAI)', async () => {
    const server = providerLimitServer('azure-openai');
    const run = await runAgainst(
      server,
      async ({ transport, clock, baseUrl, jobs, callers }) => {
        const client = new HttpClient({
          baseUrl,
          clock,
          transport,
          random: () => 0.5,
          credentials: { generationKey: 'account-1' },
          totalTimeoutMs: 600_000,
        });
        const outcome = await runJobs({ client, baseUrl, jobs, callers });
        return { failedCalls: outcome.failedCalls, lostJobs: outcome.unfinished, errors: outcome.errors };
      },
      { jobs: 200, callers: 50, jobMs: 1_000 },
    );
    expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
    expect(run.counts.delivered.size).toBe(200);
    // Taken for a job limit, the refusal left one job running at a time: 1.9x the least time.
    expect(run.wallMs / server.minimumMs(run.shape)).toBeLessThanOrEqual(1.25);
    expect(run.refused / run.counts.requests).toBeLessThanOrEqual(0.03);
  });
});
