/**
 * The dialect section's fleet rows: four processes' worth of toolkit clients (each its own
 * governor and Redis connection, see `fleet-client.ts`) sharing one quota through a real Redis,
 * against the servers written from providers' documentation, on virtual time. Same targets as
 * one client: refusals at most 1 % with fields (5 % without), no failed call or lost job, 95 %
 * of the quota used, wall time at most 1.1x the least.
 * @module
 */
import { fleetClient } from '../../test/support/provider-limit-servers/fleet-client.js';
import {
  PROVIDER_LIMIT_SERVERS,
  providerLimitServer,
} from '../../test/support/provider-limit-servers/index.js';
import { runAgainst } from '../../test/support/provider-limit-servers/run-against.js';
import { startRedisServer } from '../../test/support/redis-server.js';
import { type BenchFigure, figure } from '../section.js';

/** Processes in the fleet. */
export const FLEET_MEMBERS = 4;
/** The fleet is measured against every server written from a provider's documentation. */
export const FLEET_SERVERS: readonly string[] = PROVIDER_LIMIT_SERVERS.map((server) => server.id);

export interface FleetSummary {
  readonly id: string;
  readonly title: string;
  readonly sendsFields: boolean;
  readonly refusedShare: number;
  readonly used: number;
  readonly ratio: number;
  readonly failed: number;
  readonly lost: number;
}

/** One fleet run per server in `ids`, through a fresh redis-server. */
export async function measureFleet(
  shape: {
    readonly jobs: number;
    readonly callers: number;
    readonly jobMs: number;
    /** Processes (the bench's: four), each member's callers when not even, and when each joins. */
    readonly members?: number;
    readonly callersOf?: readonly number[];
    readonly joinAtMs?: readonly number[];
  },
  ids: readonly string[] = FLEET_SERVERS,
): Promise<FleetSummary[]> {
  const { members = FLEET_MEMBERS, callersOf, joinAtMs, ...jobShape } = shape;
  const redis = await startRedisServer();
  try {
    const summaries: FleetSummary[] = [];
    for (const id of ids) {
      const server = providerLimitServer(id);
      const client = fleetClient({
        redisUrl: redis.url,
        members,
        ...(callersOf ? { callersOf } : {}),
        ...(joinAtMs ? { joinAtMs } : {}),
      });
      const run = await runAgainst(server, client, { ...jobShape, sequential: true });
      summaries.push({
        id,
        title: server.title,
        sendsFields: server.sendsFields,
        refusedShare: run.refused / Math.max(1, run.counts.requests),
        used: server.quotaUsed(run.counts, run.wallMs, run.shape),
        ratio: run.wallMs / server.minimumMs(run.shape),
        failed: run.client.failedCalls,
        lost: Math.max(run.client.lostJobs, run.counts.submitted - run.counts.delivered.size),
      });
    }
    return summaries;
  } finally {
    await redis.stop();
  }
}

/** The fleet's figures, one row of four per server. */
export async function fleetFigures(jobs: number, callers: number, jobMs: number): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const fleet of await measureFleet({ jobs, callers, jobMs })) {
    const name = `${FLEET_MEMBERS} processes through Redis, ${fleet.title}`;
    const refusalTarget = fleet.sendsFields ? 0.01 : 0.05;
    figures.push(
      figure({
        name: `${name}: refused`,
        value: 100 * fleet.refusedShare,
        unit: '% of requests',
        note: `target ${100 * refusalTarget} %`,
        pass: fleet.refusedShare <= refusalTarget,
      }),
      figure({
        name: `${name}: quota used`,
        value: 100 * fleet.used,
        unit: '%',
        note: 'target 95 %',
        pass: fleet.used >= 0.95,
      }),
      figure({
        name: `${name}: wall ÷ least`,
        value: fleet.ratio,
        unit: 'x',
        note: 'target 1.1x',
        pass: fleet.ratio <= 1.1,
      }),
      figure({
        name: `${name}: failed calls and lost jobs`,
        value: fleet.failed + fleet.lost,
        unit: 'calls',
        note: `failed/lost ${fleet.failed}/${fleet.lost}`,
        pass: fleet.failed === 0 && fleet.lost === 0,
      }),
    );
  }
  return figures;
}
