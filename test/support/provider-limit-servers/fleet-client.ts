/**
 * A fleet as a job client: `members` toolkit clients, each with its own governor (its own
 * queues, routes, caps and job slots, as a separate process has) and its own connection to one
 * real Redis, sharing the account's quota only through `RedisRateLimitStore`. The jobs and the
 * callers are split between them. Calls to Redis hold virtual time still, as requests on the
 * wire do, so a run is as repeatable as a single client's. Shared by the fleet tests and the
 * bench's fleet rows.
 * @module
 */
import { createClient } from 'redis';
import type { HttpEvent } from '../../../src/http/index.js';
import { runJobs } from '../dialect-servers/run-jobs.js';
import { memberStore } from '../redis-fleet-stores.js';
import type { JobClient } from './run-against.js';
import { toolkitHttpClient } from './toolkit-client.js';

let namespaces = 0;

/** A job client running its jobs as `members` processes sharing one quota through Redis at `redisUrl`. */
export function fleetClient(options: {
  readonly redisUrl: string;
  readonly members: number;
  /** Each member's callers, when not the even split (e.g. 30/10/10); its jobs in proportion. */
  readonly callersOf?: readonly number[];
  /** When each member starts, in virtual milliseconds from the run's start (a member joining late). */
  readonly joinAtMs?: readonly number[];
  /** Each member's client events (throttle waits with their reasons, requests, answers), to trace a run. */
  readonly onEvent?: (member: number, event: HttpEvent) => void;
}): JobClient {
  const { onEvent } = options;
  return async ({ transport, clock, baseUrl, jobs, callers }) => {
    const prefix = `gentk-fleet:${process.pid}:${namespaces++}:`;
    const connections = await Promise.all(
      Array.from({ length: options.members }, () => createClient({ url: options.redisUrl }).connect()),
    );
    try {
      const runs = await Promise.all(
        connections.map(async (connection, member) => {
          const joinAt = options.joinAtMs?.[member] ?? 0;
          if (joinAt > 0) await clock.sleep(joinAt);
          const client = toolkitHttpClient(
            { baseUrl, clock, transport, seed: 13 + member },
            {
              rateLimit: { store: memberStore(connection, clock, prefix) },
              ...(onEvent ? { onEvent: (event: HttpEvent) => onEvent(member, event) } : {}),
            },
          );
          return runJobs({
            client,
            baseUrl,
            jobs: jobsOf(jobs, callers, options.members, member, options.callersOf),
            callers: callersOf(callers, options.members, member, options.callersOf),
          });
        }),
      );
      return fleetOutcome(runs);
    } finally {
      for (const connection of connections) connection.destroy();
    }
  };
}

/**
 * Member `index`'s part of the `jobs`, in proportion to its part of the `callers`: each caller
 * runs as many jobs as one process's callers would (200 jobs for 50 callers: four each, 52, 52,
 * 48 and 48 jobs). Split evenly (50 each), the members with 12 callers had two callers run a
 * fifth job after their fourth: a chain no order of requests can shorten, which put the least a
 * fleet could take past the one the quota allows (33 s against 30 s on GitHub's resources).
 */
function jobsOf(
  jobs: number,
  callers: number,
  members: number,
  index: number,
  split?: readonly number[],
): number {
  const callersBefore = (upTo: number) =>
    Array.from({ length: upTo }, (_, member) => callersOf(callers, members, member, split)).reduce(
      (sum, part) => sum + part,
      0,
    );
  const jobsBefore = (upTo: number) => Math.round((callersBefore(upTo) * jobs) / callers);
  return jobsBefore(index + 1) - jobsBefore(index);
}

/** Member `index`'s callers: its part of `split` when given, else of the even split. */
function callersOf(callers: number, members: number, index: number, split?: readonly number[]): number {
  return split?.[index] ?? share(callers, members, index);
}

/** Member `index`'s part of `total` split between `members` (the first ones take the remainder). */
function share(total: number, members: number, index: number): number {
  return Math.floor(total / members) + (index < total % members ? 1 : 0);
}

/** The members' runs as one job client's outcome. */
export function fleetOutcome(runs: readonly Awaited<ReturnType<typeof runJobs>>[]) {
  return {
    failedCalls: runs.reduce((sum, run) => sum + run.failedCalls, 0),
    lostJobs: runs.reduce((sum, run) => sum + run.unfinished, 0),
    errors: runs.flatMap((run) => run.errors),
  };
}
