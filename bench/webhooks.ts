/**
 * Webhooks: what a job costs when its result is delivered instead of polled, on loopback.
 *
 * - Requests to the service per job when deliveries arrive (target: 1, the submission), against
 *   the same jobs polled.
 * - Completion delay: from the delivery reaching the app's server to the waiting call resolving
 *   (target: under 50 ms).
 * - With 30 % of deliveries lost: jobs lost (target 0) and fetches, against the lost deliveries
 *   (target: a fetch for each lost one, none for the others).
 * - 1,000 webhook jobs at once in one process (the emulator in a process of its own): requests
 *   per job, and the heap each waiting job holds, against the same jobs polled.
 *
 * Run: npx tsx bench/webhooks.ts
 * @module
 */
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { startEmulatorProcess } from './support/emulator-process.js';
import { runDirectly } from './support/run-directly.js';
import { median } from './support/stats.js';
import { measureMemoryPerJob, WAITING_JOBS } from './webhooks/memory-per-job.js';
import { type ReceivingSession, startReceivingSession } from './webhooks/receiving-session.js';

const JOBS = 100;
const CONCURRENT_JOBS = 1_000;
const CONCURRENT_MARGIN_MS = 5_000;
const IMAGE = { model_id: 'flux-dev', prompt: 'a kite' };
const OPEN_LIMITS = {
  rateLimits: { generation: { limit: 1_000_000, windowSeconds: 60 } },
  queueLimit: 10_000,
} as const;

interface Outcome {
  readonly requestId: string;
  readonly resolvedAt: number;
}

/** Runs `count` image jobs at once through `bed`; the failed ones are counted, not thrown. */
async function runJobs(bed: ReceivingSession, count: number): Promise<{ done: Outcome[]; failed: number }> {
  const results = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const result = await bed.session.call('v7_images_text_to_image', IMAGE);
      if (result.status !== 'success') throw new Error('still processing');
      return { requestId: String(result.requestId), resolvedAt: performance.now() };
    }),
  );
  const done = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  return { done, failed: count - done.length };
}

async function untilRecorded(emulator: Emulator, count: number): Promise<void> {
  const started = Date.now();
  while (emulator.webhooks().length < count && Date.now() - started < 10_000)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The delivery-to-resolution delay of each job, joining the server's arrival times to the emulator's record. */
function delaysMs(emulator: Emulator, bed: ReceivingSession, done: readonly Outcome[]): number[] {
  const trackOfJob = new Map(
    emulator
      .webhooks()
      .map((delivery) => [String(delivery.jobId), new URL(delivery.url).pathname.split('/').at(-2)]),
  );
  return done.flatMap(({ requestId, resolvedAt }) => {
    const arrived = bed.arrivals.get(trackOfJob.get(requestId) ?? '');
    return arrived === undefined ? [] : [resolvedAt - arrived];
  });
}

async function deliveredFigures(): Promise<BenchFigure[]> {
  const emulator = await startEmulator({
    timeScale: 0.01,
    jobDurations: { image: 8 },
    seed: 11,
    ...OPEN_LIMITS,
  });
  const webhook = await startReceivingSession({
    baseUrl: emulator.url,
    apiKey: emulator.createAccount({ credits: 1_000 }).apiKey,
  });
  const polling = await startReceivingSession({
    baseUrl: emulator.url,
    apiKey: emulator.createAccount({ credits: 1_000 }).apiKey,
    webhooks: false,
  });
  try {
    const delivered = await runJobs(webhook, JOBS);
    const polled = await runJobs(polling, JOBS);
    await untilRecorded(emulator, JOBS);
    const delays = delaysMs(emulator, webhook, delivered.done).sort((a, b) => a - b);
    const p95 = delays[Math.min(delays.length - 1, Math.floor(delays.length * 0.95))] ?? Number.NaN;
    return [
      figure({
        name: `requests to the service per job, ${JOBS} image jobs delivered by webhook`,
        value: webhook.counts.requests / JOBS,
        unit: 'requests/job',
        baseline: { name: 'the same jobs polled', value: polling.counts.requests / JOBS },
        note: `target 1 (the submission); ${webhook.counts.fetches} fetches; ${delivered.failed + polled.failed} failed calls`,
        pass: webhook.counts.requests === JOBS && delivered.failed === 0,
      }),
      figure({
        name: 'completion delay after the delivery reaches the app, median',
        value: median(delays),
        unit: 'ms',
        note: `loopback, ${delays.length} jobs; target < 50 ms`,
        pass: median(delays) < 50,
      }),
      figure({
        name: 'completion delay after the delivery reaches the app, p95',
        value: p95,
        unit: 'ms',
        note: 'the emulator shares the process and its event loop',
        pass: p95 < 50,
      }),
    ];
  } finally {
    await webhook.close();
    await polling.close();
    await emulator.close();
  }
}

async function lostFigures(): Promise<BenchFigure[]> {
  const emulator = await startEmulator({
    timeScale: 0.01,
    jobDurations: { image: 8 },
    seed: 13,
    webhookFaults: { lost: 0.3 },
    ...OPEN_LIMITS,
  });
  const bed = await startReceivingSession({
    baseUrl: emulator.url,
    apiKey: emulator.createAccount({ credits: 1_000 }).apiKey,
    fallbackMarginMs: 500,
  });
  try {
    const { failed } = await runJobs(bed, JOBS);
    await untilRecorded(emulator, JOBS);
    const lost = emulator.webhooks().filter((delivery) => delivery.fault === 'lost').length;
    return [
      figure({
        name: `jobs lost with 30 % of deliveries lost (${JOBS} jobs)`,
        value: failed,
        unit: 'jobs',
        note: `target 0; ${lost} deliveries lost`,
        pass: failed === 0,
      }),
      figure({
        name: 'fetches with 30 % of deliveries lost',
        value: bed.counts.fetches,
        unit: 'fetches',
        baseline: { name: 'deliveries lost', value: lost },
        note: 'target: one fetch per lost delivery, none for the delivered',
        pass: bed.counts.fetches === lost,
      }),
    ];
  } finally {
    await bed.close();
    await emulator.close();
  }
}

async function concurrentFigures(): Promise<BenchFigure[]> {
  const emulator = await startEmulatorProcess({ jobDurations: { image: 15 }, seed: 17, ...OPEN_LIMITS });
  // Bursts of a thousand deliveries on a shared two-core machine arrive seconds late: a wider
  // margin than the default keeps the fallback for lost ones (none here) rather than slow ones.
  const bed = await startReceivingSession({
    baseUrl: emulator.url,
    apiKey: emulator.apiKeys[0] ?? '',
    fallbackMarginMs: CONCURRENT_MARGIN_MS,
  });
  try {
    const started = performance.now();
    const { failed } = await runJobs(bed, CONCURRENT_JOBS);
    const elapsedS = (performance.now() - started) / 1000;
    return [
      figure({
        name: `requests per job, ${CONCURRENT_JOBS.toLocaleString('en')} webhook jobs at once in one process`,
        value: bed.counts.requests / CONCURRENT_JOBS,
        unit: 'requests/job',
        note: `${bed.counts.fetches} fetches, ${failed} failed, all done in ${elapsedS.toFixed(1)} s (15 s jobs, fallbackMarginMs ${CONCURRENT_MARGIN_MS})`,
        pass: failed === 0,
      }),
    ];
  } finally {
    await bed.close();
    emulator.stop();
  }
}

async function memoryFigures(): Promise<BenchFigure[]> {
  const { webhook, polling } = await measureMemoryPerJob();
  return [
    figure({
      name: `heap per waiting job with a receiver (${WAITING_JOBS.toLocaleString('en')} jobs)`,
      value: Math.round(webhook),
      unit: 'bytes/job',
      baseline: { name: 'the same jobs polled', value: Math.round(polling) },
      note: 'the track in the memory store, the waiter, the poller',
    }),
  ];
}

export async function run(): Promise<BenchSection> {
  const figures = [
    ...(await deliveredFigures()),
    ...(await lostFigures()),
    ...(await concurrentFigures()),
    ...(await memoryFigures()),
  ];
  return { id: 'webhooks', title: 'Webhooks', figures };
}

await runDirectly(import.meta.url, run);
