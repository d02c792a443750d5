/**
 * Dialects: the governor against servers it has never seen. Each dialect server
 * (`test/support/dialect-servers/`) allows an account 10 requests a second and states it in one
 * common way, or not at all; 50 cold callers run 200 one-second image jobs (submit, wait,
 * fetch) through one client. The same run is made by the toolkit, by a naive client (fires at
 * once, retries a refusal after its Retry-After three times) and by the same client scheduled
 * through Bottleneck fed from the answers' fields (`bench/dialects/job-clients.ts`).
 *
 * Every clock is virtual (a manual clock that jumps whenever every caller waits; Bottleneck's
 * timers run on it too), so a run of the quota's 40 s takes a second or two and the figures do
 * not depend on the machine. Per dialect:
 * - refusals: the 429s and 503s the server sent (targets: at most 1 % of requests with fields,
 *   5 % without);
 * - quota used: what the server admitted over what its limits allowed in the run's time (95 %);
 * - wall time against the least the limits allow (one submission and one fetch per job) (1.1x);
 * - requests per call, fetches per job (1.1), failed calls and lost jobs (0).
 *
 * Then the servers written from providers' own documentation (OpenAI, Anthropic, GitHub and its
 * secondary limit, a Stripe-like bucket, a sliding log, a quota halved mid-run), each run by the
 * toolkit, the naive client and Bottleneck configured by hand from the documented limit
 * (`bench/dialects/provider-runs.ts`); and the same servers against four processes' governors
 * sharing one quota through a real Redis (`bench/dialects/fleet-runs.ts`, needs `redis-server`).
 *
 * Run: npx tsx bench/dialects.ts
 * @module
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { SeededRandom } from '../packages/emulator/src/random.js';
import { createUndiciTransport, HttpClient } from '../src/http/index.js';
import { DIALECTS, type Dialect, type JobServer } from '../test/support/dialect-servers/index.js';
import { runJobs } from '../test/support/dialect-servers/run-jobs.js';
import { createVirtualClock, type VirtualClock } from '../test/support/virtual-clock.js';
import { fleetFigures } from './dialects/fleet-runs.js';
import { type ClientOptions, type ClientRun, runBottleneck, runNaive } from './dialects/job-clients.js';
import { providerFigures } from './dialects/provider-runs.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';

const JOBS = 200;
const CALLERS = 50;
const JOB_MS = 1_000;

type ClientName = 'toolkit' | 'naive' | 'bottleneck';

interface Measured {
  readonly refused: number;
  readonly requests: number;
  /** Share of the quota used, in %. */
  readonly used: number;
  readonly wallMs: number;
  readonly fetchesPerJob: number;
  readonly failedCalls: number;
  readonly lostJobs: number;
}

async function runToolkit(options: ClientOptions): Promise<ClientRun> {
  const random = new SeededRandom(13);
  const client = new HttpClient({
    baseUrl: options.baseUrl,
    clock: options.clock,
    transport: options.transport,
    credentials: { generationKey: options.key },
    totalTimeoutMs: 600_000,
    // The jitter is seeded, so that a run's figures can be run again.
    random: () => random.next(),
  });
  const run = await runJobs({
    client,
    baseUrl: options.baseUrl,
    jobs: options.jobs,
    callers: options.callers,
  });
  return { failedCalls: run.failedCalls, lostJobs: run.unfinished };
}

const CLIENTS: Record<ClientName, (options: ClientOptions) => Promise<ClientRun>> = {
  toolkit: runToolkit,
  naive: runNaive,
  bottleneck: runBottleneck,
};

/** One client's run against a fresh server of `dialect`, cold, on its own virtual clock. */
async function measure(dialect: Dialect, name: ClientName): Promise<Measured> {
  // Not on a second boundary: aligned windows and windows from the first request then differ.
  const manual = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0, 300));
  const clock: VirtualClock = createVirtualClock(manual);
  const server: JobServer = await dialect.start({ now: () => manual.now(), jobMs: JOB_MS });
  const { transport, close } = createUndiciTransport();
  try {
    const startedAt = clock.now();
    const run = await CLIENTS[name]({
      transport: clock.wrap(transport),
      clock,
      baseUrl: server.url,
      key: 'account-1',
      jobs: JOBS,
      callers: CALLERS,
    });
    const wallMs = clock.now() - startedAt;
    const { counts } = server;
    const fetches = [...counts.fetchesByJob.values()].reduce((sum, count) => sum + count, 0);
    return {
      refused: counts.refused429 + counts.refused503,
      requests: counts.requests,
      used: 100 * dialect.quotaUsed(counts, wallMs, JOB_MS),
      wallMs,
      fetchesPerJob: fetches / Math.max(1, counts.submitted),
      failedCalls: run.failedCalls,
      lostJobs: Math.max(run.lostJobs, counts.submitted - counts.delivered.size),
    };
  } finally {
    await close();
    await server.close();
  }
}

function dialectFigures(dialect: Dialect, results: Record<ClientName, Measured>): BenchFigure[] {
  const { toolkit, naive, bottleneck } = results;
  const naiveName = 'naive client';
  const minimumMs = dialect.minimumMs(JOBS, JOB_MS);
  const refusalTarget = dialect.sendsFields ? 0.01 : 0.05;
  const others = (pick: (measured: Measured) => string) =>
    `naive ${pick(naive)}, bottleneck ${pick(bottleneck)}`;
  const ratio = (measured: Measured) => `${(measured.wallMs / minimumMs).toFixed(2)}x`;
  return [
    figure({
      name: `${dialect.title}: 429s and 503s sent`,
      value: toolkit.refused,
      unit: 'refusals',
      baseline: { name: naiveName, value: naive.refused },
      note: `bottleneck ${bottleneck.refused}; ${((100 * toolkit.refused) / toolkit.requests).toFixed(1)} % of requests (target ${100 * refusalTarget} %)`,
    }),
    figure({
      name: `${dialect.title}: share of the quota used`,
      value: toolkit.used,
      unit: '%',
      baseline: { name: naiveName, value: naive.used },
      note: `bottleneck ${bottleneck.used.toFixed(0)} % (target 95 %)`,
    }),
    figure({
      name: `${dialect.title}: wall time`,
      value: toolkit.wallMs / 1000,
      unit: 's',
      baseline: { name: "the quota's minimum", value: minimumMs / 1000 },
      note: `${others(ratio)} (target 1.1x)`,
    }),
    figure({
      name: `${dialect.title}: requests per call`,
      value: toolkit.requests / JOBS,
      unit: 'requests',
      baseline: { name: naiveName, value: naive.requests / JOBS },
      note: `bottleneck ${(bottleneck.requests / JOBS).toFixed(2)}; fetches per job ${toolkit.fetchesPerJob.toFixed(2)} (${others((measured) => measured.fetchesPerJob.toFixed(2))})`,
    }),
    figure({
      name: `${dialect.title}: failed calls and lost jobs`,
      value: toolkit.failedCalls + toolkit.lostJobs,
      unit: 'calls',
      baseline: { name: naiveName, value: naive.failedCalls + naive.lostJobs },
      note: `failed/lost: toolkit ${toolkit.failedCalls}/${toolkit.lostJobs}, ${others((measured) => `${measured.failedCalls}/${measured.lostJobs}`)}`,
      pass: toolkit.failedCalls === 0 && toolkit.lostJobs === 0,
    }),
  ];
}

export async function run(): Promise<BenchSection> {
  const figures: BenchFigure[] = [];
  for (const dialect of DIALECTS) {
    const results = {} as Record<ClientName, Measured>;
    for (const name of Object.keys(CLIENTS) as ClientName[]) results[name] = await measure(dialect, name);
    figures.push(...dialectFigures(dialect, results));
  }
  figures.push(...(await providerFigures(JOBS, CALLERS, JOB_MS)));
  figures.push(...(await fleetFigures(JOBS, CALLERS, JOB_MS)));
  return {
    id: 'dialects',
    title: `Dialects (${JOBS} jobs, ${CALLERS} cold callers, 10 req/s)`,
    figures,
  };
}

await runDirectly(import.meta.url, run);
