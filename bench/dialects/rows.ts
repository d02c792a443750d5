/**
 * A few rows of the dialect section, without the rest of the bench: the toolkit alone against
 * the provider-limit servers named, one process or a fleet of four through a fresh Redis, on
 * virtual time. For measuring one change quickly (the whole section takes minutes).
 *
 *   node --import tsx bench/dialects/rows.ts github-secondary-403 github-secondary-429
 *   node --import tsx bench/dialects/rows.ts --fleet --runs 5 github-secondary-429
 *   node --import tsx bench/dialects/rows.ts --shape 120,30,2500 --bottleneck stripe
 * @module
 */
import { SeededRandom } from '../../packages/emulator/src/random.js';
import { HttpClient } from '../../src/http/index.js';
import { runJobs } from '../../test/support/dialect-servers/run-jobs.js';
import { providerLimitServer } from '../../test/support/provider-limit-servers/index.js';
import { type JobClient, runAgainst } from '../../test/support/provider-limit-servers/run-against.js';
import { measureFleet } from './fleet-runs.js';
import { bottleneckFor, summarize } from './provider-runs.js';

const args = process.argv.slice(2);
const fleet = args.includes('--fleet');
// Bottleneck configured from the documentation on the same shape, beside each row alone: the
// least (`minimumMs`) assumes bursts a small shape cannot send, so ratios compare with it.
const withBottleneck = args.includes('--bottleneck');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
// Another shape than the bench's: `--shape jobs,callers,jobMs` (e.g. `--shape 120,30,2500`).
const shapeAt = args.indexOf('--shape');
const [jobs, callers, jobMs] = shapeAt >= 0 ? args[shapeAt + 1]!.split(',').map(Number) : [200, 50, 1_000];
const shape = { jobs: jobs!, callers: callers!, jobMs: jobMs! };
const ids = args.filter(
  (arg, index) =>
    !arg.startsWith('--') && (runsAt < 0 || index !== runsAt + 1) && (shapeAt < 0 || index !== shapeAt + 1),
);

const toolkit: JobClient = async ({ transport, clock, baseUrl, jobs, callers }) => {
  const random = new SeededRandom(13);
  const client = new HttpClient({
    baseUrl,
    clock,
    transport,
    credentials: { generationKey: 'account-1' },
    totalTimeoutMs: 600_000,
    random: () => random.next(),
  });
  const run = await runJobs({ client, baseUrl, jobs, callers });
  return { failedCalls: run.failedCalls, lostJobs: run.unfinished };
};

const percent = (share: number) => `${(100 * share).toFixed(2)} %`;

for (let run = 0; run < runs; run += 1) {
  if (fleet) {
    for (const row of await measureFleet(shape, ids)) {
      console.log(
        `fleet ${row.id}: ${percent(row.refusedShare)} refused, ${percent(row.used)} used, ${row.ratio.toFixed(4)}x, ${row.failed}/${row.lost} failed/lost`,
      );
    }
    continue;
  }
  for (const id of ids) {
    const server = providerLimitServer(id);
    const result = await runAgainst(server, toolkit, shape);
    const refused = result.refused / Math.max(1, result.counts.requests);
    const used = server.quotaUsed(result.counts, result.wallMs, result.shape);
    const ratio = result.wallMs / server.minimumMs(result.shape);
    console.log(
      `${id}: ${percent(refused)} refused (${result.refused}/${result.counts.requests}), ${percent(used)} used, ${ratio.toFixed(4)}x, ${result.client.failedCalls}/${result.client.lostJobs} failed/lost`,
    );
    if (!withBottleneck) continue;
    const theirs = summarize(server, await runAgainst(server, bottleneckFor(server), shape));
    console.log(
      `  bottleneck: ${percent(theirs.refusedShare)} refused, ${percent(theirs.used)} used, ${theirs.ratio.toFixed(4)}x, ${theirs.failed}/${theirs.lost} failed/lost`,
    );
  }
}
// The fleet's Redis connections and undici's pools are closed; exit rather than wait on timers.
process.exit(0);
