/**
 * The governor against servers written from providers' own documentation
 * (test/support/provider-limit-servers): OpenAI, Anthropic, GitHub (and its secondary limit on
 * requests in flight, refused with 403 or 429; its quotas per resource, one per route), a Stripe-like token bucket without fields, a
 * sliding log with IETF draft-10 fields, IETF fields whose quota halves mid-run. Cold callers on
 * virtual time: every call succeeds, no job is lost, refusals stay few.
 */
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/index.js';
import { runJobs } from '../support/dialect-servers/run-jobs.js';
import { PROVIDER_LIMIT_SERVERS } from '../support/provider-limit-servers/index.js';
import { runAgainst } from '../support/provider-limit-servers/run-against.js';

const JOBS = 200;
const CALLERS = 50;

describe('the governor against servers written from providers’ documentation', () => {
  for (const server of PROVIDER_LIMIT_SERVERS) {
    it(`${server.title}: no failed call, no lost job, few refusals`, async () => {
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
          const limits = await client.governor.rateLimits();
          expect(limits.length).toBeGreaterThan(0);
          return { failedCalls: outcome.failedCalls, lostJobs: outcome.unfinished, errors: outcome.errors };
        },
        { jobs: JOBS, callers: CALLERS, jobMs: 1_000 },
      );
      expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
      expect(run.client.lostJobs).toBe(0);
      expect(run.counts.delivered.size).toBe(JOBS);
      // Secondary limits cost a few refusals to learn; a server without fields, up to 8 %.
      expect(run.refused / run.counts.requests).toBeLessThanOrEqual(server.sendsFields ? 0.03 : 0.08);
      expect(run.wallMs / server.minimumMs(run.shape)).toBeLessThanOrEqual(1.5);
    });
  }
});
