/**
 * The toolkit alone against the dialect servers on real time (real sockets, real timers, real
 * latency), where the dialects section runs on a virtual clock: 60 one-second jobs from 50 cold
 * callers per dialect, about 12 s each. Not a section of `npm run bench`; a check that the
 * governor's margins hold when time is not virtual.
 *
 * Run: npx tsx bench/dialects/real-time-check.ts [dialect ids...]
 * @module
 */
import { createUndiciTransport, HttpClient } from '../../src/http/index.js';
import { DIALECTS, dialect } from '../../test/support/dialect-servers/index.js';
import { runJobs } from '../../test/support/dialect-servers/run-jobs.js';

const JOBS = 60;
const CALLERS = 50;
const JOB_MS = 1_000;

const ids = process.argv.slice(2);
for (const { id } of ids.length > 0 ? ids.map(dialect) : DIALECTS) {
  const server = await dialect(id).start({ jobMs: JOB_MS });
  const { transport, close } = createUndiciTransport();
  const client = new HttpClient({
    baseUrl: server.url,
    transport,
    credentials: { generationKey: 'account-1' },
    totalTimeoutMs: 600_000,
  });
  const startedAt = Date.now();
  const run = await runJobs({ client, baseUrl: server.url, jobs: JOBS, callers: CALLERS });
  const wallMs = Date.now() - startedAt;
  const { counts } = server;
  const refused = counts.refused429 + counts.refused503;
  console.log(
    [
      id.padEnd(22),
      `failed ${run.failedCalls}`,
      `lost ${JOBS - run.finished}`,
      `refused ${refused}/${counts.requests}`,
      `quota used ${(100 * dialect(id).quotaUsed(counts, wallMs, JOB_MS)).toFixed(1)} %`,
      `time ${(wallMs / dialect(id).minimumMs(JOBS, JOB_MS)).toFixed(2)}x the minimum`,
    ].join('  '),
  );
  await close();
  await server.close();
}
