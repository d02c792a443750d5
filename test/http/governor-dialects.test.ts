/**
 * The governor against servers written as other services write them (test/support/dialect-servers),
 * cold: 20 callers run 40 jobs through one client on virtual time, each server allowing 10
 * requests a second. Every call succeeds, no job is lost, the refusals stay within the issue's
 * targets (1 % of requests with fields, at least the one a job limit costs to learn; 5 % without),
 * the quota is used, and each job is fetched once when its eta is right.
 */

import { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/index.js';
import {
  DIALECTS,
  type Dialect,
  type JobServer,
  type JobServiceOptions,
} from '../support/dialect-servers/index.js';
import { startJobService } from '../support/dialect-servers/job-service.js';
import { retryAfterOnlyLimiter } from '../support/dialect-servers/retry-after-only.js';
import { routeQuotaJobLimitLimiter } from '../support/dialect-servers/route-quota-job-limit.js';
import { runJobs } from '../support/dialect-servers/run-jobs.js';
import { createTestTransport } from '../support/test-transport.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const JOB_MS = 1_000;
const JOBS = 40;
const CALLERS = 20;

describe('the governor against servers it has never seen', () => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  /** Runs the jobs from cold callers against the server `start` makes on the given clock. */
  async function runCold(start: (options: JobServiceOptions) => Promise<JobServer>) {
    // Not on a second boundary, so that aligned windows and the first request's window differ.
    const manual = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0, 300));
    const clock = createVirtualClock(manual);
    const server = await start({ now: () => manual.now(), jobMs: JOB_MS });
    const { transport, close } = createTestTransport();
    closing.push(close, () => server.close());
    const client = new HttpClient({
      baseUrl: server.url,
      clock,
      transport: clock.wrap(transport),
      random: () => 0.5,
      credentials: { generationKey: 'account-1' },
      totalTimeoutMs: 600_000,
    });
    const startedAt = clock.now();
    const run = await runJobs({ client, baseUrl: server.url, jobs: JOBS, callers: CALLERS });
    const { counts } = server;
    const fetches = [...counts.fetchesByJob.values()].reduce((sum, count) => sum + count, 0);
    return {
      run,
      counts,
      wallMs: clock.now() - startedAt,
      refused: counts.refused429 + counts.refused503,
      fetchesPerJob: fetches / JOBS,
    };
  }

  const allowedRefusals = (dialect: Pick<Dialect, 'sendsFields'>, requests: number) =>
    dialect.sendsFields ? Math.max(1, Math.floor(0.01 * requests)) : Math.floor(0.05 * requests);

  for (const dialect of DIALECTS) {
    it(`${dialect.title}: no failed call, no lost job, few refusals, the quota used`, async () => {
      const outcome = await runCold((options) => dialect.start(options));
      const { run, counts, refused, wallMs } = outcome;
      expect(run.failedCalls, run.errors.join('\n')).toBe(0);
      expect(run.finished).toBe(JOBS);
      expect(counts.delivered.size).toBe(JOBS);
      expect(refused).toBeLessThanOrEqual(allowedRefusals(dialect, counts.requests));
      // A small run: the cold start and the last jobs' own length weigh more than in the benchmark.
      expect(dialect.quotaUsed(counts, wallMs, JOB_MS)).toBeGreaterThanOrEqual(0.85);
      expect(wallMs / dialect.minimumMs(JOBS, JOB_MS)).toBeLessThanOrEqual(1.2);
      expect(outcome.fetchesPerJob).toBeLessThanOrEqual(1.1);
    });
  }

  it('recognises a job limit refused as a bare 429 while the rate fields still show room', async () => {
    const limiter = routeQuotaJobLimitLimiter({
      maxJobs: 5,
      queueFullStatus: 429,
      queueFullMessage: 'Try later',
    });
    const outcome = await runCold((options) => startJobService(limiter, options));
    expect(outcome.run.failedCalls, outcome.run.errors.join('\n')).toBe(0);
    expect(outcome.run.finished).toBe(JOBS);
    // One refusal teaches the limit; the rest of the submissions wait for a job to end.
    expect(outcome.counts.refused429).toBeLessThanOrEqual(2);
  });

  it('keeps the refusals few against a server without fields whose window is longer than a second', async () => {
    // 25 requests in any five seconds: its Retry-After, in whole seconds, says how long nothing frees up.
    const limiter = retryAfterOnlyLimiter({ limit: 25, windowMs: 5_000 });
    const outcome = await runCold((options) => startJobService(limiter, options));
    expect(outcome.run.failedCalls, outcome.run.errors.join('\n')).toBe(0);
    expect(outcome.run.finished).toBe(JOBS);
    // In a run this small the slow start's overshoot into a window of 25 weighs the most.
    expect(outcome.refused).toBeLessThanOrEqual(Math.floor(0.12 * outcome.counts.requests));
    // Five a second at best: 80 requests take 16 s.
    expect(outcome.wallMs).toBeLessThanOrEqual(1.2 * 16_000);
  });
});
