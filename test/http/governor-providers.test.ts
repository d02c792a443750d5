/**
 * The governor against servers written from providers' own documentation
 * (test/support/provider-limit-servers): OpenAI, Anthropic, GitHub (and its secondary limit on
 * requests in flight, refused with 403 or 429; its quotas per resource, one per route), a
 * Stripe-like token bucket without fields, a sliding log with IETF draft-10 fields, IETF fields
 * whose quota halves mid-run, Discord, Gemini, Shopify, HubSpot; Azure OpenAI apart. Cold callers on
 * virtual time: every call succeeds, no job is lost, refusals stay few.
 */
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/index.js';
import { runJobs } from '../support/dialect-servers/run-jobs.js';
import {
  PROVIDER_LIMIT_SERVERS,
  type ProviderLimitServer,
  providerLimitServer,
} from '../support/provider-limit-servers/index.js';
import { type JobClient, runAgainst } from '../support/provider-limit-servers/run-against.js';

const JOBS = 200;
const CALLERS = 50;

/** The toolkit's job client; `believes`: the governor must say which limits it believes in. */
const toolkitClient =
  ({ believes }: { readonly believes: boolean }): JobClient =>
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
    if (believes) expect((await client.governor.rateLimits()).length).toBeGreaterThan(0);
    return { failedCalls: outcome.failedCalls, lostJobs: outcome.unfinished, errors: outcome.errors };
  };

/**
 * The toolkit's run of 200 jobs from 50 cold callers against `server`: every call succeeded and
 * every job came back. The wall time as a ratio to the least the quota allows, and the refusals'
 * share of the requests.
 */
async function runWhole(server: ProviderLimitServer, believes: boolean) {
  const run = await runAgainst(server, toolkitClient({ believes }), {
    jobs: JOBS,
    callers: CALLERS,
    jobMs: 1_000,
  });
  expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
  expect(run.client.lostJobs).toBe(0);
  expect(run.counts.delivered.size).toBe(JOBS);
  return { ratio: run.wallMs / server.minimumMs(run.shape), refused: run.refused / run.counts.requests };
}

describe('the governor against servers written from providers’ documentation', () => {
  for (const server of PROVIDER_LIMIT_SERVERS) {
    it(`${server.title}: no failed call, no lost job, few refusals`, async () => {
      const { ratio, refused } = await runWhole(server, true);
      // Secondary limits cost a few refusals to learn; a server without fields, up to 8 %.
      expect(refused).toBeLessThanOrEqual(server.sendsFields ? 0.03 : 0.08);
      expect(ratio).toBeLessThanOrEqual(1.5);
    });
  }
});

describe('the governor against providers it was not built on', () => {
  it('reads a 429 beside a spent quota as that quota’s refusal, not a full job queue (Azure OpenAI)', async () => {
    const { ratio, refused } = await runWhole(providerLimitServer('azure-openai'), false);
    // Taken for a job limit, the refusal left one job running at a time: 1.9x the least time.
    expect(ratio).toBeLessThanOrEqual(1.25);
    expect(refused).toBeLessThanOrEqual(0.03);
  });

  it('keeps a window declared without a reset as a log (HubSpot’s ten-secondly rolling limit)', async () => {
    // Read without its `-Max` and `-Interval-Milliseconds`, the quota had no limit: 92 calls
    // failed, 76 % of requests refused; read, but its units coming back taken for a bucket
    // refilling, 17 % refused (one every 100 ms while the log was full).
    const { ratio, refused } = await runWhole(providerLimitServer('hubspot'), false);
    expect(refused).toBeLessThanOrEqual(0.01);
    expect(ratio).toBeLessThanOrEqual(1.1);
  });

  it('retries an overloaded server’s 529 as the refusal it is (Anthropic’s overloaded_error)', async () => {
    // Taken for a server fault, a 529 failed the submissions that met it (7 calls).
    const { ratio } = await runWhole(providerLimitServer('anthropic-overloaded'), false);
    expect(ratio).toBeLessThanOrEqual(1.1);
  });
});
