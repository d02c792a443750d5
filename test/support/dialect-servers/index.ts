/**
 * The dialect servers: one small job service per common way of stating (or not stating) a rate
 * limit, each with a quota of 10 requests per second per account. Tests and `bench/dialects.ts`
 * run the toolkit against each.
 * @module
 */
import { ietfPolicyLimiter } from './ietf-policy.js';
import { type JobServer, type JobServiceOptions, type ServerCounts, startJobService } from './job-service.js';
import { retryAfterOnlyLimiter } from './retry-after-only.js';
import { routeQuotaJobLimitLimiter } from './route-quota-job-limit.js';
import { separateFieldsLimiter } from './separate-fields.js';
import { xRateLimitEpochLimiter } from './x-ratelimit-epoch.js';

export type { JobServer, JobServiceOptions, ServerCounts } from './job-service.js';

/** Requests per second every dialect allows an account. */
export const QUOTA_PER_SECOND = 10;
/** Jobs an account may have in flight on the server that limits them. */
export const MAX_JOBS_IN_FLIGHT = 5;

export interface Dialect {
  readonly id: string;
  readonly title: string;
  /** Whether answers carry rate-limit fields (the refusal target is 1 % with them, 5 % without). */
  readonly sendsFields: boolean;
  start(options?: JobServiceOptions): Promise<JobServer>;
  /** The least wall time the server's limits allow for `jobs` jobs of `jobMs`, one submission and one fetch each. */
  minimumMs(jobs: number, jobMs: number): number;
  /** The share (0 to 1) of what the limits allowed over `wallMs` that the run used. */
  quotaUsed(counts: ServerCounts, wallMs: number, jobMs: number): number;
}

/** Both routes draw on one quota of 10 requests a second. */
const accountRate = {
  minimumMs: (jobs: number) => ((2 * jobs) / QUOTA_PER_SECOND) * 1000,
  quotaUsed: (counts: ServerCounts, wallMs: number) =>
    counts.admittedAt.length / ((QUOTA_PER_SECOND * wallMs) / 1000),
};

export const DIALECTS: readonly Dialect[] = [
  {
    id: 'ietf-aligned',
    title: 'IETF named policy, windows aligned on the clock',
    sendsFields: true,
    start: (options) => startJobService(ietfPolicyLimiter({ windows: 'aligned' }), options),
    ...accountRate,
  },
  {
    id: 'ietf-first-request',
    title: 'IETF named policy, window from the first request (INCR+EXPIRE)',
    sendsFields: true,
    start: (options) => startJobService(ietfPolicyLimiter({ windows: 'first-request' }), options),
    ...accountRate,
  },
  {
    id: 'separate-fields',
    title: 'RateLimit-Limit/-Remaining/-Reset only, one account-wide quota',
    sendsFields: true,
    start: (options) => startJobService(separateFieldsLimiter(), options),
    ...accountRate,
  },
  {
    id: 'x-ratelimit-epoch',
    title: 'X-RateLimit-* with the reset in epoch seconds',
    sendsFields: true,
    start: (options) => startJobService(xRateLimitEpochLimiter(), options),
    ...accountRate,
  },
  {
    id: 'retry-after-seconds',
    title: 'no fields, only 429 + Retry-After (seconds)',
    sendsFields: false,
    start: (options) => startJobService(retryAfterOnlyLimiter({ retryAfter: 'seconds' }), options),
    ...accountRate,
  },
  {
    id: 'retry-after-date',
    title: 'no fields, only 429 + Retry-After (HTTP-date)',
    sendsFields: false,
    start: (options) => startJobService(retryAfterOnlyLimiter({ retryAfter: 'http-date' }), options),
    ...accountRate,
  },
  {
    id: 'route-quota-job-limit',
    title: 'a quota per route and a limit on jobs in flight ("Queue full")',
    sendsFields: true,
    start: (options) => startJobService(routeQuotaJobLimitLimiter({ maxJobs: MAX_JOBS_IN_FLIGHT }), options),
    // Each route has its own 10 a second; the jobs in flight bind first.
    minimumMs: (jobs, jobMs) =>
      Math.max((jobs / QUOTA_PER_SECOND) * 1000, (jobs * jobMs) / MAX_JOBS_IN_FLIGHT),
    quotaUsed: (counts, wallMs, jobMs) => (counts.submitted * jobMs) / (MAX_JOBS_IN_FLIGHT * wallMs),
  },
];

/** The dialect named `id`. */
export function dialect(id: string): Dialect {
  const found = DIALECTS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No dialect server ${id}`);
  return found;
}
