/**
 * Servers that limit as real providers document their limits (OpenAI, Anthropic, GitHub and its
 * quotas per resource, Stripe, Discord, Google's Gemini, Shopify's leaky bucket, HubSpot's rolling
 * window declared without a reset, Jira Cloud's burst limit, Azure OpenAI's and Heroku's quotas
 * shown only by what is left), a true sliding
 * log with IETF draft-10 fields and IETF fields whose quota is halved mid-run. Each states its
 * documented limit, the least time it allows for a run, how much of its quota a run used, and the
 * Bottleneck settings a person would write from its documentation.
 * @module
 */
import type { PublishedQuota } from '../../../src/http/index.js';
import { anthropicLimiter } from './anthropic.js';
import { azureOpenAiLimiter } from './azure-openai.js';
import { discordLimiter } from './discord.js';
import { geminiLimiter } from './gemini.js';
import { gitHubLimiter } from './github.js';
import { gitHubResourcesLimiter } from './github-resources.js';
import { herokuLimiter } from './heroku.js';
import { hubSpotLimiter } from './hubspot.js';
import { ietfDowngradeLimiter, limitAt } from './ietf-downgrade.js';
import { jiraLimiter } from './jira.js';
import { openAiLimiter } from './openai.js';
import { overloadedNowAndThen } from './overloaded.js';
import {
  type ProviderCounts,
  type ProviderServer,
  type ProviderServiceOptions,
  startProviderService,
} from './provider-service.js';
import { shopifyLimiter } from './shopify.js';
import { slidingLogLimiter } from './sliding-log.js';
import { stripeLimiter } from './stripe.js';

export type { ProviderCounts, ProviderServer, ProviderServiceOptions } from './provider-service.js';
export { createVirtualWire, type VirtualWire } from './virtual-wire.js';

/** Bottleneck's settings, as a person configures it from the documented limit. */
export interface BottleneckSettings {
  readonly maxConcurrent?: number | null;
  readonly minTime?: number;
  readonly reservoir?: number;
  readonly reservoirRefreshAmount?: number;
  readonly reservoirRefreshInterval?: number;
  readonly reservoirIncreaseAmount?: number;
  readonly reservoirIncreaseInterval?: number;
  readonly reservoirIncreaseMaximum?: number;
}

export interface RunShape {
  /** When the run started, on the server's clock. */
  readonly startedAt: number;
  readonly jobs: number;
  readonly callers: number;
  readonly jobMs: number;
}

export interface ProviderLimitServer {
  readonly id: string;
  readonly title: string;
  /** Whether answers carry rate-limit fields (refusal target 1 % with them, 5 % without). */
  readonly sendsFields: boolean;
  /** Answers take this long (the wire must be virtual). */
  readonly answerMs: number;
  start(options: ProviderServiceOptions & { readonly startedAt: number }): Promise<ProviderServer>;
  /** The least wall time the documented limits allow (one submission and one fetch per job). */
  minimumMs(run: RunShape): number;
  /** The share (0 to 1) of what the limits allowed over `wallMs` that the run was admitted. */
  quotaUsed(counts: ProviderCounts, wallMs: number, run: RunShape): number;
  readonly bottleneck: BottleneckSettings;
  /**
   * The documented limit as a developer declares it to the toolkit (`rateLimit.quotas`), for the
   * servers that state it in no field: the toolkit told the limit, beside Bottleneck told it.
   */
  readonly told?: readonly PublishedQuota[];
}

/** The least time the jobs' own length allows, however generous the quota. */
const jobsAlone = (run: RunShape, perRequestMs = 0) =>
  Math.ceil(run.jobs / run.callers) * (run.jobMs + 2 * perRequestMs);

/** A continuously refilled bucket of `depth`, `perSecond` back each second. */
function bucketShape(depth: number, perSecond: number) {
  return {
    minimumMs: (run: RunShape) => Math.max(jobsAlone(run), ((2 * run.jobs - depth) / perSecond) * 1000),
    quotaUsed: (counts: ProviderCounts, wallMs: number) =>
      Math.min(
        1,
        counts.admittedAt.length /
          Math.min(depth + (perSecond * wallMs) / 1000, 2 * counts.submitted + depth),
      ),
  };
}

/** Windows of `limit` that start with the first request after the last ended. */
function windowShape(limit: number, windowMs: number) {
  return {
    minimumMs: (run: RunShape) =>
      Math.max(jobsAlone(run), (Math.ceil((2 * run.jobs) / limit) - 1) * windowMs),
    quotaUsed: (counts: ProviderCounts, wallMs: number) =>
      Math.min(1, counts.admittedAt.length / (limit * Math.max(1, Math.ceil(wallMs / windowMs)))),
  };
}

/** Windows of `limit` aligned on the clock (a minute's quota that resets on the minute). */
function alignedWindowShape(limit: number, windowMs: number) {
  return {
    minimumMs: (run: RunShape) => {
      const windows = Math.ceil((2 * run.jobs) / limit);
      const lastOpens = (Math.floor(run.startedAt / windowMs) + windows - 1) * windowMs;
      return Math.max(jobsAlone(run), lastOpens - run.startedAt);
    },
    quotaUsed: (counts: ProviderCounts, wallMs: number, run: RunShape) => {
      const first = Math.floor(run.startedAt / windowMs);
      const last = Math.floor((run.startedAt + wallMs) / windowMs);
      return Math.min(1, counts.admittedAt.length / (limit * (last - first + 1)));
    },
  };
}

/** A minute's bucket of 300 requests, refilled continuously, as a person configures Bottleneck for it. */
const MINUTE_BUCKET_OF_300: BottleneckSettings = {
  reservoir: 300,
  reservoirIncreaseAmount: 1,
  reservoirIncreaseInterval: 200,
  reservoirIncreaseMaximum: 300,
};

const ANTHROPIC_LIMITS = {
  requestsPerMinute: 300,
  inputTokensPerMinute: 200_000,
  outputTokensPerMinute: 40_000,
  inputTokensPerSubmission: 400,
};

const DOWNGRADE = { limit: 20, windowMs: 2_000, afterMs: 30_000 };

export const PROVIDER_LIMIT_SERVERS: readonly ProviderLimitServer[] = [
  {
    id: 'openai',
    title: 'OpenAI: x-ratelimit-*-requests/-tokens, Go durations, continuous buckets, retry-after-ms',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(
        openAiLimiter({ requestsPerMinute: 300, tokensPerMinute: 150_000, tokensPerSubmission: 500 }),
        options,
      ),
    ...bucketShape(300, 5),
    bottleneck: MINUTE_BUCKET_OF_300,
  },
  {
    id: 'anthropic',
    title: 'Anthropic: anthropic-ratelimit-*, RFC 3339 resets, continuous refill',
    sendsFields: true,
    answerMs: 0,
    start: (options) => startProviderService(anthropicLimiter(ANTHROPIC_LIMITS), options),
    ...bucketShape(300, 5),
    bottleneck: MINUTE_BUCKET_OF_300,
  },
  {
    id: 'github',
    title: 'GitHub: x-ratelimit-* with used/resource, epoch reset (100 per 10 s window)',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(
        gitHubLimiter({
          limit: 100,
          windowMs: 10_000,
          maxInFlight: 10,
          refusalStatus: 403,
          secondaryRetryAfterSeconds: 2,
        }),
        options,
      ),
    ...windowShape(100, 10_000),
    bottleneck: { reservoir: 100, reservoirRefreshAmount: 100, reservoirRefreshInterval: 10_000 },
  },
  ...([403, 429] as const).map(
    (status): ProviderLimitServer => ({
      id: `github-secondary-${status}`,
      title: `GitHub, answers taking 1 s: the secondary limit (10 in flight) refuses with ${status} + retry-after`,
      sendsFields: true,
      answerMs: 1_000,
      start: (options) =>
        startProviderService(
          gitHubLimiter({
            limit: 5_000,
            windowMs: 60_000,
            maxInFlight: 10,
            refusalStatus: status,
            secondaryRetryAfterSeconds: 2,
          }),
          options,
        ),
      // Ten in flight, each a second: ten requests a second.
      minimumMs: (run) => Math.max(jobsAlone(run, 1_000), ((2 * run.jobs) / 10) * 1_000),
      quotaUsed: (counts, wallMs) => Math.min(1, (counts.admittedAt.length * 1_000) / (10 * wallMs)),
      bottleneck: { maxConcurrent: 10 },
      told: [{ maxInFlight: 10 }],
    }),
  ),
  // Each route draws on a quota of its own: the status route's is learned from its first answer.
  {
    id: 'github-resources',
    title: 'GitHub resources per route: submit on `search` (50 per 10 s), status on `core` (100 per 10 s)',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(
        gitHubResourcesLimiter({
          submit: { limit: 50, windowMs: 10_000 },
          status: { limit: 100, windowMs: 10_000 },
        }),
        options,
      ),
    // The submissions' resource is the scarce one: one submission per job.
    minimumMs: (run) => Math.max(jobsAlone(run), (Math.ceil(run.jobs / 50) - 1) * 10_000),
    quotaUsed: (counts, wallMs) =>
      Math.min(1, counts.submitted / (50 * Math.max(1, Math.ceil(wallMs / 10_000)))),
    // From the documentation a person keeps to the scarcer resource for both routes.
    bottleneck: { reservoir: 50, reservoirRefreshAmount: 50, reservoirRefreshInterval: 10_000 },
  },
  {
    id: 'stripe',
    title: 'Stripe-like token bucket (20 deep, 5/s): no fields, 429 without Retry-After, Stripe-Should-Retry',
    sendsFields: false,
    answerMs: 0,
    start: (options) => startProviderService(stripeLimiter({ depth: 20, perSecond: 5 }), options),
    ...bucketShape(20, 5),
    bottleneck: {
      reservoir: 20,
      reservoirIncreaseAmount: 1,
      reservoirIncreaseInterval: 200,
      reservoirIncreaseMaximum: 20,
    },
    told: [{ limit: 20, refillPerSecond: 5 }],
  },
  {
    id: 'sliding-log',
    title: 'a true sliding log (100 in any 10 s), IETF draft-10 fields, t = until more quota',
    sendsFields: true,
    answerMs: 0,
    start: (options) => startProviderService(slidingLogLimiter({ limit: 100, windowMs: 10_000 }), options),
    minimumMs: (run) => Math.max(jobsAlone(run), ((2 * run.jobs - 100) / 100) * 10_000),
    quotaUsed: (counts, wallMs) => Math.min(1, counts.admittedAt.length / (100 * (1 + wallMs / 10_000))),
    bottleneck: { reservoir: 100, reservoirRefreshAmount: 100, reservoirRefreshInterval: 10_000 },
  },
  {
    id: 'ietf-downgrade',
    title: 'IETF fields (20 per 2 s), the quota halved after 30 s, mid-window',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(
        ietfDowngradeLimiter({
          limit: DOWNGRADE.limit,
          windowMs: DOWNGRADE.windowMs,
          downgradeAt: options.startedAt + DOWNGRADE.afterMs,
        }),
        options,
      ),
    minimumMs: (run) => {
      let left = 2 * run.jobs;
      let at = run.startedAt;
      const limits = { ...DOWNGRADE, downgradeAt: run.startedAt + DOWNGRADE.afterMs };
      for (;;) {
        left -= limitAt(limits, at);
        if (left <= 0) return Math.max(jobsAlone(run), at - run.startedAt);
        at = Math.floor(at / DOWNGRADE.windowMs) * DOWNGRADE.windowMs + DOWNGRADE.windowMs;
      }
    },
    quotaUsed: (counts, wallMs, run) => {
      let allowed = 0;
      const limits = { ...DOWNGRADE, downgradeAt: run.startedAt + DOWNGRADE.afterMs };
      for (let at = run.startedAt; at < run.startedAt + wallMs; ) {
        allowed += limitAt(limits, at);
        at = Math.floor(at / DOWNGRADE.windowMs) * DOWNGRADE.windowMs + DOWNGRADE.windowMs;
      }
      return Math.min(
        1,
        counts.admittedAt.length / Math.max(1, Math.min(allowed, 2 * counts.submitted + 10)),
      );
    },
    bottleneck: { reservoir: 20, reservoirRefreshAmount: 20, reservoirRefreshInterval: 2_000 },
  },
  {
    id: 'discord',
    title:
      'Discord: per-route buckets (X-RateLimit-Bucket, fractional Reset and Reset-After), an unannounced global limit (429, global: true)',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(
        discordLimiter({
          routes: { submit: { limit: 10, windowMs: 2_000 }, status: { limit: 20, windowMs: 2_000 } },
          globalPerSecond: 12,
        }),
        options,
      ),
    // The submissions' bucket is the scarce one: one submission per job.
    minimumMs: (run) => Math.max(jobsAlone(run), (Math.ceil(run.jobs / 10) - 1) * 2_000 + run.jobMs),
    quotaUsed: (counts, wallMs) =>
      Math.min(1, counts.submitted / (10 * Math.max(1, Math.ceil(wallMs / 2_000)))),
    // The documented global limit, since Discord says not to hard-code the per-route ones.
    bottleneck: { reservoir: 12, reservoirRefreshAmount: 12, reservoirRefreshInterval: 1_000 },
  },
  {
    id: 'gemini',
    title:
      'Google Gemini: requests per minute (40 per 10 s here), no fields, 429 RESOURCE_EXHAUSTED with RetryInfo',
    sendsFields: false,
    answerMs: 0,
    start: (options) => startProviderService(geminiLimiter({ limit: 40, windowMs: 10_000 }), options),
    ...alignedWindowShape(40, 10_000),
    bottleneck: { reservoir: 40, reservoirRefreshAmount: 40, reservoirRefreshInterval: 10_000 },
    told: [{ limit: 40, windowMs: 10_000 }],
  },
  {
    id: 'shopify',
    title:
      'Shopify REST: a leaky bucket (40 deep, 2/s), X-Shopify-Shop-Api-Call-Limit: 32/40, 429 with Retry-After: 2.0',
    sendsFields: true,
    answerMs: 0,
    start: (options) => startProviderService(shopifyLimiter({ depth: 40, leakPerSecond: 2 }), options),
    ...bucketShape(40, 2),
    bottleneck: {
      reservoir: 40,
      reservoirIncreaseAmount: 1,
      reservoirIncreaseInterval: 500,
      reservoirIncreaseMaximum: 40,
    },
  },
  {
    id: 'hubspot',
    title:
      'HubSpot: 100 in any rolling 10 s, X-HubSpot-RateLimit-Max and -Interval-Milliseconds (a declared window, no reset), 429 without Retry-After',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(hubSpotLimiter({ limit: 100, windowMs: 10_000, daily: 250_000 }), options),
    minimumMs: (run) => Math.max(jobsAlone(run), ((2 * run.jobs - 100) / 100) * 10_000),
    quotaUsed: (counts, wallMs) => Math.min(1, counts.admittedAt.length / (100 * (1 + wallMs / 10_000))),
    bottleneck: { reservoir: 100, reservoirRefreshAmount: 100, reservoirRefreshInterval: 10_000 },
  },
  {
    id: 'jira',
    title:
      'Jira Cloud burst limit: a token bucket (20 deep, 10/s), X-RateLimit-Limit/-Remaining, no reset; 429 with Retry-After and an ISO 8601 reset to the minute',
    sendsFields: true,
    answerMs: 0,
    start: (options) => startProviderService(jiraLimiter({ depth: 20, perSecond: 10 }), options),
    ...bucketShape(20, 10),
    bottleneck: {
      reservoir: 20,
      reservoirIncreaseAmount: 1,
      reservoirIncreaseInterval: 100,
      reservoirIncreaseMaximum: 20,
    },
  },
  {
    id: 'azure-openai',
    title:
      'Azure OpenAI: x-ratelimit-remaining-requests/-tokens only (no limit, no reset), 10 s windows, retry-after-ms',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(
        azureOpenAiLimiter({ requests: 50, tokens: 20_000, tokensPerSubmission: 800, windowMs: 10_000 }),
        options,
      ),
    ...alignedWindowShape(50, 10_000),
    bottleneck: { reservoir: 50, reservoirRefreshAmount: 50, reservoirRefreshInterval: 10_000 },
  },
  {
    id: 'heroku',
    title:
      'Heroku Platform API: a pool of request tokens (50, 5 back a second), RateLimit-Remaining only, 429 without Retry-After',
    sendsFields: true,
    answerMs: 0,
    start: (options) => startProviderService(herokuLimiter({ pool: 50, perSecond: 5 }), options),
    ...bucketShape(50, 5),
    bottleneck: {
      reservoir: 50,
      reservoirIncreaseAmount: 1,
      reservoirIncreaseInterval: 200,
      reservoirIncreaseMaximum: 50,
    },
  },
];

/**
 * Servers whose runs are not bench rows: an unannounced outage (Anthropic's 529) costs refusals
 * no client can avoid; run them with `rows.ts <id>`. See `docs/rate-limits.md`.
 */
export const MORE_PROVIDER_SERVERS: readonly ProviderLimitServer[] = [
  {
    id: 'anthropic-overloaded',
    title: 'Anthropic, overloaded 1.5 s in every 10 s: 529 overloaded_error without retry-after',
    sendsFields: true,
    answerMs: 0,
    start: (options) =>
      startProviderService(
        overloadedNowAndThen(anthropicLimiter(ANTHROPIC_LIMITS), {
          startedAt: options.startedAt,
          everyMs: 10_000,
          outageMs: 1_500,
          offsetMs: 5_000,
        }),
        options,
      ),
    // The bucket allows more than the jobs need: their own length binds, and outages cost it.
    ...bucketShape(300, 5),
    bottleneck: MINUTE_BUCKET_OF_300,
  },
];

/** The server named `id`. */
export function providerLimitServer(id: string): ProviderLimitServer {
  const found = [...PROVIDER_LIMIT_SERVERS, ...MORE_PROVIDER_SERVERS].find(
    (candidate) => candidate.id === id,
  );
  if (!found) throw new Error(`No provider-limit server ${id}`);
  return found;
}
