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
        connections.map((connection, member) => {
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
            jobs: share(jobs, options.members, member),
            callers: share(callers, options.members, member),
          });
        }),
      );
      return fleetOutcome(runs);
    } finally {
      for (const connection of connections) connection.destroy();
    }
  };
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
