/**
 * A process joining a fleet mid-run: four governors (each its own queues and Redis connection)
 * already share one quota through a real Redis when a fifth starts, a few seconds of virtual time
 * in, with its share of the jobs. What the four learned (the rate, which quota each route draws
 * on, the cap on requests in flight) is in the store: the joiner paces by it from its first
 * request instead of learning it again by being refused. Written against the behaviour as it is;
 * the figures it prints are reported, the assertions hold what it does today.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../../src/http/index.js';
import { runJobs } from '../../support/dialect-servers/run-jobs.js';
import { fleetOutcome } from '../../support/provider-limit-servers/fleet-client.js';
import { providerLimitServer } from '../../support/provider-limit-servers/index.js';
import { type JobClient, runAgainst } from '../../support/provider-limit-servers/run-against.js';
import { toolkitHttpClient } from '../../support/provider-limit-servers/toolkit-client.js';
import { memberStore } from '../../support/redis-fleet-stores.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
}, 30_000);

afterAll(async () => {
  await redis?.stop();
});

const MEMBERS = 4;
/** Jobs and callers per process, the joiner's included. */
const JOBS_EACH = 40;
const CALLERS_EACH = 10;
const JOIN_AT_MS = 5_000;
let namespaces = 0;

/** Statuses that are the server's refusals (rate, secondary limit, queue). */
const REFUSALS = new Set([403, 429, 503]);

interface MemberCounts {
  requests: number;
  refused: number;
  firstRequestAt: number | undefined;
}

/** Four members from the start and a fifth from `JOIN_AT_MS`; each member's requests and refusals. */
function lateJoinerFleet(counts: MemberCounts[]): JobClient {
  return async ({ transport, clock, baseUrl }) => {
    const prefix = `gentk-late-joiner:${process.pid}:${namespaces++}:`;
    const connections = await Promise.all(
      Array.from({ length: MEMBERS + 1 }, () => createClient({ url: redis.url }).connect()),
    );
    const startedAt = clock.now();
    try {
      const runs = await Promise.all(
        connections.map(async (connection, member) => {
          const seen: MemberCounts = { requests: 0, refused: 0, firstRequestAt: undefined };
          counts[member] = seen;
          if (member === MEMBERS) await clock.sleep(JOIN_AT_MS);
          const client = toolkitHttpClient(
            { baseUrl, clock, transport, seed: 13 + member },
            {
              rateLimit: { store: memberStore(connection, clock, prefix) },
              onEvent: (event: HttpEvent) => {
                if (event.type === 'request') {
                  seen.requests += 1;
                  seen.firstRequestAt ??= clock.now() - startedAt;
                }
                // Every answer is one response event, a refused one too (a retry is told apart).
                if (event.type === 'response' && REFUSALS.has(event.status)) seen.refused += 1;
              },
            },
          );
          return runJobs({ client, baseUrl, jobs: JOBS_EACH, callers: CALLERS_EACH });
        }),
      );
      return fleetOutcome(runs);
    } finally {
      for (const connection of connections) connection.destroy();
    }
  };
}

describe('a fifth process joining four that share one quota through Redis', () => {
  it.each([
    // The learned rate: continuous buckets, whose fields the joiner's first answer also shows.
    { id: 'openai', joinerRefused: 0, fleetRefused: 0.01 },
    // Which quota each route draws on, learned from the four's first answers.
    { id: 'github-resources', joinerRefused: 0, fleetRefused: 0.01 },
    // The cap on requests in flight, learned from the four's refusals. The fleet is refused 3
    // times, as one process is (the first overshoot and the two timed climbs); the climbs fall to
    // whoever takes the place a climb adds, and places going in turn between processes, that is
    // the joiner, holding the fewest (2 of its 82 requests): it adds no refusal of its own.
    { id: 'github-secondary-429', joinerRefused: 2, fleetRefused: 0.01 },
  ])(
    '$id: picks up what the four learned, no failed call, no lost job',
    async ({ id, joinerRefused, fleetRefused }) => {
      const server = providerLimitServer(id);
      const counts: MemberCounts[] = [];
      const jobs = JOBS_EACH * (MEMBERS + 1);
      const run = await runAgainst(server, lateJoinerFleet(counts), {
        jobs,
        callers: CALLERS_EACH * (MEMBERS + 1),
        jobMs: 1_000,
        sequential: true,
      });
      expect(run.client.failedCalls, run.client.errors?.join('\n')).toBe(0);
      expect(run.client.lostJobs).toBe(0);
      expect(run.counts.delivered.size).toBe(jobs);
      const joiner = counts[MEMBERS] as MemberCounts;
      // It joined mid-run: the four were still sending when its first request went.
      expect(joiner.firstRequestAt).toBeGreaterThanOrEqual(JOIN_AT_MS);
      expect(joiner.firstRequestAt).toBeLessThan(run.wallMs);
      const figures = {
        id,
        wallOverLeast: run.wallMs / server.minimumMs(run.shape),
        quotaUsed: server.quotaUsed(run.counts, run.wallMs, run.shape),
        fleetRefused: run.refused,
        requests: run.counts.requests,
        joiner: { ...joiner },
        members: counts.slice(0, MEMBERS).map((member) => member.refused),
      };
      console.log(JSON.stringify(figures));
      expect(joiner.refused).toBeLessThanOrEqual(joinerRefused);
      expect(run.refused / run.counts.requests).toBeLessThanOrEqual(fleetRefused);
    },
    120_000,
  );
});
