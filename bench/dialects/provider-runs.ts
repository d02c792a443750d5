/**
 * The dialect section's second half: the servers written from providers' own documentation
 * (`test/support/provider-limit-servers/`), each run by the toolkit, the naive client and
 * Bottleneck configured by hand from the documented limit, on virtual time.
 * @module
 */
import {
  PROVIDER_LIMIT_SERVERS,
  type ProviderLimitServer,
} from '../../test/support/provider-limit-servers/index.js';
import {
  type JobClient,
  type ProviderRun,
  runAgainst,
} from '../../test/support/provider-limit-servers/run-against.js';
import {
  toolkitJobClient,
  toolkitToldClient,
} from '../../test/support/provider-limit-servers/toolkit-client.js';
import { type BenchFigure, figure } from '../section.js';
import { runBottleneckConfigured, runNaive } from './job-clients.js';

const toolkit = toolkitJobClient;

const naive: JobClient = (options) => runNaive({ ...options, key: 'account-1' });

export const bottleneckFor =
  (server: ProviderLimitServer): JobClient =>
  (options) =>
    runBottleneckConfigured({ ...options, key: 'account-1' }, { ...server.bottleneck });

export interface Summary {
  readonly refusedShare: number;
  readonly used: number;
  readonly ratio: number;
  readonly failed: number;
  readonly lost: number;
  readonly requests: number;
}

export function summarize(server: ProviderLimitServer, run: ProviderRun): Summary {
  return {
    refusedShare: run.refused / Math.max(1, run.counts.requests),
    used: server.quotaUsed(run.counts, run.wallMs, run.shape),
    ratio: run.wallMs / server.minimumMs(run.shape),
    failed: run.client.failedCalls,
    lost: Math.max(run.client.lostJobs, run.counts.submitted - run.counts.delivered.size),
    requests: run.counts.requests,
  };
}

const percent = (share: number) => `${(100 * share).toFixed(1)} %`;
const line = (name: string, summary: Summary) =>
  `${name} ${percent(summary.refusedShare)} refused, ${percent(summary.used)} used, ${summary.ratio.toFixed(2)}x, ${summary.failed}/${summary.lost} failed/lost`;

/** The toolkit alone against `server`: refused share, quota used, wall ÷ least, failed/lost. */
export async function measureToolkit(
  server: ProviderLimitServer,
  shape: { readonly jobs: number; readonly callers: number; readonly jobMs: number },
): Promise<Summary> {
  return summarize(server, await runAgainst(server, toolkit, shape));
}

/** Figures for every provider-limit server: toolkit against the naive client and Bottleneck. */
export async function providerFigures(jobs: number, callers: number, jobMs: number): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const server of PROVIDER_LIMIT_SERVERS) {
    const shape = { jobs, callers, jobMs };
    const ours = summarize(server, await runAgainst(server, toolkit, shape));
    const theirs = summarize(server, await runAgainst(server, naive, shape));
    const bottleneck = summarize(server, await runAgainst(server, bottleneckFor(server), shape));
    const refusalTarget = server.sendsFields ? 0.01 : 0.05;
    const others = `${line('naive:', theirs)}; ${line('bottleneck:', bottleneck)}`;
    if (server.told)
      figures.push(
        ...toldFigures(server, await runAgainst(server, toolkitToldClient(server.told), shape), bottleneck),
      );
    figures.push(
      figure({
        name: `${server.title}: refused`,
        value: 100 * ours.refusedShare,
        unit: '% of requests',
        baseline: { name: 'bottleneck', value: 100 * bottleneck.refusedShare },
        note: `target ${100 * refusalTarget} %; ${others}`,
        pass: ours.refusedShare <= refusalTarget,
      }),
      figure({
        name: `${server.title}: quota used`,
        value: 100 * ours.used,
        unit: '%',
        baseline: { name: 'bottleneck', value: 100 * bottleneck.used },
        note: 'target 95 %',
        pass: ours.used >= 0.95,
      }),
      figure({
        name: `${server.title}: wall ÷ least`,
        value: ours.ratio,
        unit: 'x',
        baseline: { name: 'bottleneck', value: bottleneck.ratio },
        note: 'target 1.1x',
        pass: ours.ratio <= 1.1,
      }),
      figure({
        name: `${server.title}: failed calls and lost jobs`,
        value: ours.failed + ours.lost,
        unit: 'calls',
        baseline: { name: 'bottleneck', value: bottleneck.failed + bottleneck.lost },
        note: `failed/lost: toolkit ${ours.failed}/${ours.lost}, naive ${theirs.failed}/${theirs.lost}, bottleneck ${bottleneck.failed}/${bottleneck.lost}`,
        pass: ours.failed === 0 && ours.lost === 0,
      }),
    );
  }
  return figures;
}

/**
 * The toolkit told the documented limit (`rateLimit.quotas`), as Bottleneck is told it: no more
 * refusals than Bottleneck, at least 95 % of the quota used, at most 1.1x the least wall time.
 */
function toldFigures(server: ProviderLimitServer, run: ProviderRun, bottleneck: Summary): BenchFigure[] {
  const told = summarize(server, run);
  const name = `${server.title}, toolkit told the limit`;
  return [
    figure({
      name: `${name}: refused`,
      value: 100 * told.refusedShare,
      unit: '% of requests',
      baseline: { name: 'bottleneck', value: 100 * bottleneck.refusedShare },
      note: `target: no more than Bottleneck; ${line('told:', told)}`,
      pass: told.refusedShare <= bottleneck.refusedShare && told.failed === 0 && told.lost === 0,
    }),
    figure({
      name: `${name}: quota used`,
      value: 100 * told.used,
      unit: '%',
      baseline: { name: 'bottleneck', value: 100 * bottleneck.used },
      note: 'target 95 %',
      pass: told.used >= 0.95,
    }),
    figure({
      name: `${name}: wall ÷ least`,
      value: told.ratio,
      unit: 'x',
      baseline: { name: 'bottleneck', value: bottleneck.ratio },
      note: 'target 1.1x',
      pass: told.ratio <= 1.1,
    }),
  ];
}
