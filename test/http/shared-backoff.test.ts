/**
 * Refusals that state no wait hold every caller of the refused quota for one shared backoff
 * (`shared-backoff.ts`): an outage costs about one refusal per step of the backoff, not one per
 * caller. Against a small service of its own: a fixed window with GitHub-style fields
 * (`x-ratelimit-limit`, `-remaining`, `-reset` in epoch seconds), generous enough never to bind,
 * and a spell in which every request is turned down without a wait, as a load balancer answers
 * while its upstream is down (503 `Service Unavailable`) or a gateway throttling without saying
 * for how long (AWS API Gateway's bare 429 `{"message": "Too Many Requests"}`, no fields). On
 * virtual time; callers of one process, and of two governors sharing a store.
 */
import { describe, expect, it } from 'vitest';
import { HttpClient, MemoryRateLimitStore } from '../../src/http/index.js';
import { runJobs } from '../support/dialect-servers/run-jobs.js';
import type { ProviderLimitServer } from '../support/provider-limit-servers/index.js';
import {
  type ProviderAdmission,
  type ProviderLimiter,
  startProviderService,
} from '../support/provider-limit-servers/provider-service.js';
import { type JobClient, runAgainst } from '../support/provider-limit-servers/run-against.js';

const WINDOW_MS = 60_000;
const LIMIT = 5_000;
const SPELL = { fromMs: 2_000, toMs: 6_000 };

type Refusal = Extract<ProviderAdmission, { allowed: false }>;

const UNAVAILABLE: Refusal = {
  allowed: false,
  status: 503,
  headers: {},
  body: '<html><body><h1>503 Service Unavailable</h1></body></html>',
};
const THROTTLED: Refusal = {
  allowed: false,
  status: 429,
  headers: {},
  body: { message: 'Too Many Requests' },
};

/** A window of `LIMIT` a minute with its fields; `refusal` answers every request within the spell. */
function windowWithSpell(startedAt: number, refusal: Refusal, refusedAt: number[]): ProviderLimiter {
  let windowStart = startedAt;
  let used = 0;
  return {
    admit({ now }) {
      const into = now - startedAt;
      if (into >= SPELL.fromMs && into < SPELL.toMs) {
        refusedAt.push(now);
        return refusal;
      }
      if (now >= windowStart + WINDOW_MS) {
        windowStart = now;
        used = 0;
      }
      used += 1;
      return {
        allowed: true,
        headers: {
          'x-ratelimit-limit': String(LIMIT),
          'x-ratelimit-remaining': String(LIMIT - used),
          'x-ratelimit-reset': String(Math.ceil((windowStart + WINDOW_MS) / 1000)),
        },
      };
    },
  };
}

/** The service, and when it refused each request it refused. */
function service(refusal: Refusal): ProviderLimitServer & { readonly refusedAt: number[] } {
  const refusedAt: number[] = [];
  return {
    refusedAt,
    id: `spell-${refusal.status}`,
    title: 'a window with fields, refusing without a wait for 4 s',
    sendsFields: true,
    answerMs: 0,
    start: (options) => startProviderService(windowWithSpell(options.startedAt, refusal, refusedAt), options),
    minimumMs: (run) => Math.ceil(run.jobs / run.callers) * run.jobMs,
    quotaUsed: () => 1,
    bottleneck: {},
  };
}

/** `members` clients (one governor each) sharing one store, each running its share of the callers. */
const clients =
  (members: number): JobClient =>
  async ({ transport, clock, baseUrl, jobs, callers }) => {
    const store = new MemoryRateLimitStore(() => clock.now());
    const runs = await Promise.all(
      Array.from({ length: members }, (_, member) => {
        let seed = member + 1;
        const client = new HttpClient({
          baseUrl,
          clock,
          transport,
          credentials: { generationKey: 'account-1' },
          totalTimeoutMs: 600_000,
          ...(members > 1 ? { rateLimit: { store } } : {}),
          random: () => {
            seed = (seed * 16_807) % 2_147_483_647;
            return seed / 2_147_483_647;
          },
        });
        return runJobs({ client, baseUrl, jobs: jobs / members, callers: callers / members });
      }),
    );
    return {
      failedCalls: runs.reduce((sum, run) => sum + run.failedCalls, 0),
      lostJobs: runs.reduce((sum, run) => sum + run.unfinished, 0),
      errors: runs.flatMap((run) => run.errors),
    };
  };

const SHAPE = { jobs: 160, callers: 40, jobMs: 1_000 };

describe('a refusal without a stated wait holds the quota’s other callers', () => {
  for (const [name, refusal] of [
    ['an upstream down (503 without Retry-After)', UNAVAILABLE],
    ['a gateway throttling without fields or wait (bare 429)', THROTTLED],
  ] as const) {
    for (const members of [1, 2]) {
      it(`${name}, ${members === 1 ? 'one process' : 'two governors sharing a store'}: about one refusal per backoff step`, async () => {
        const server = service(refusal);
        const run = await runAgainst(server, clients(members), SHAPE);
        expect(run.client.errors ?? []).toEqual([]);
        expect(run.client.failedCalls).toBe(0);
        expect(run.client.lostJobs).toBe(0);
        // Every request sent before the first refusal came back is refused (on virtual time, the
        // 40 callers' polls fall due in the same millisecond). After that, each caller refused on
        // its own would be refused again at each of its retries (from 500 ms, doubling: about
        // 130 refusals over 4 s); held together, one probe per step of the backoff (a random
        // share of 500 ms, doubling: about 5 steps to pass 4 s), for each member at worst.
        const first = Math.min(...server.refusedAt);
        const later = server.refusedAt.filter((at) => at > first);
        expect(later.length).toBeLessThanOrEqual(8 * members);
        // The spell's end is found within a step of the backoff (the step is at most its length).
        expect(run.wallMs).toBeLessThan(SPELL.toMs + 4_000 + 4 * SHAPE.jobMs + 4_000);
        expect(run.counts.delivered.size).toBe(SHAPE.jobs);
      });
    }
  }
});
