/**
 * Polling: fetches per job and completion delay (from the moment the job is done to the moment
 * the client knows) for image, voice and video jobs of the emulator's default lengths, against
 * the minimum possible (one fetch, no delay) and against the official SDK (2 s x 10, losing every
 * longer job) and CLI (1 s doubling to 10 s) replayed on the same jobs.
 *
 * Three emulators with the same seed get the same submissions in the same order, so their jobs
 * take the same (seeded) lengths; the toolkit's session runs on one, each official schedule on
 * another. Every clock is manual: minutes of jobs take a few seconds, and delays are exact up to
 * the 0.1 s to which the service reports a job's `generationTime`.
 *
 * Run: npx tsx bench/polling.ts
 * @module
 */

import { type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { Agent } from 'undici';
import { DEFAULT_JOB_DURATIONS } from '../packages/emulator/src/options.js';
import { connect } from '../src/index.js';
import { virtualHttp } from '../test/support/virtual-http.js';
import {
  CLI_DELAYS,
  type JobRequest,
  type PollDelays,
  type ReplayedJob,
  replayJob,
  SDK_DELAYS,
} from './polling/official-clients.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';
import { mean } from './support/stats.js';

const SEED = 7;

interface JobKind {
  readonly label: string;
  readonly category: string;
  readonly operationId: string;
  readonly job: JobRequest;
  readonly count: number;
}

const KINDS: readonly JobKind[] = [
  {
    label: 'image',
    category: 'image',
    operationId: 'v7_images_text_to_image',
    job: { path: '/api/v7/images/text-to-image', input: { model_id: 'flux-dev', prompt: 'a kite' } },
    count: 8,
  },
  {
    label: 'voice',
    category: 'audio',
    operationId: 'v6_voice_text_to_audio',
    job: {
      path: '/api/v6/voice/text_to_audio',
      input: { prompt: 'Hello', language: 'english', voice_id: 1 },
    },
    count: 8,
  },
  {
    label: 'video',
    category: 'video',
    operationId: 'v6_video_text2video',
    job: {
      path: '/api/v6/video/text2video',
      input: { prompt: 'waves', width: 512, height: 512, num_frames: 16 },
    },
    count: 6,
  },
];

/** Every job of the benchmark, in submission order. */
const JOBS = KINDS.flatMap((kind) => Array.from({ length: kind.count }, () => kind));

const emulatorOptions = {
  clock: 'manual',
  seed: SEED,
  rateLimits: { generation: { limit: 100_000, windowSeconds: 60 } },
  queueLimit: 1_000,
} as const;

/** The toolkit: a session's `call`, which submits and polls on its family's schedule. */
async function toolkitJobs(): Promise<ReplayedJob[]> {
  const emulator = await startEmulator(emulatorOptions);
  const http = virtualHttp(emulator);
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: emulator.createAccount({ credits: 1000 }).apiKey,
    http,
  });
  try {
    const jobs: ReplayedJob[] = [];
    for (const kind of JOBS) {
      const result = await session.call(kind.operationId, kind.job.input, { wait: 600_000 });
      if (result.status !== 'success') throw new Error(`a benchmark ${kind.label} job did not finish`);
      const generationSeconds = Number((result.body as { generationTime?: unknown }).generationTime);
      jobs.push({
        fetches: result.polls,
        delayMs: result.elapsedMs - generationSeconds * 1000,
        generationSeconds,
      });
    }
    return jobs;
  } finally {
    await session.close();
    await emulator.close();
  }
}

/** An official client's schedule, replayed over HTTP on its own emulator. */
async function officialJobs(delays: PollDelays): Promise<ReplayedJob[]> {
  const emulator = await startEmulator(emulatorOptions);
  const agent = new Agent();
  const key = emulator.createAccount({ credits: 1000 }).apiKey;
  try {
    const jobs: ReplayedJob[] = [];
    for (const kind of JOBS) {
      jobs.push(
        await replayJob({
          agent,
          baseUrl: emulator.url,
          clock: emulator.clock as ManualClock,
          key,
          job: kind.job,
          delays,
        }),
      );
    }
    return jobs;
  } finally {
    await agent.close();
    await emulator.close();
  }
}

function rangeOf(category: string): string {
  const duration = DEFAULT_JOB_DURATIONS[category];
  return Array.isArray(duration) ? `${duration[0]}-${duration[1]} s` : `${duration} s`;
}

const fetchesPerJob = (jobs: readonly ReplayedJob[]) => mean(jobs.map((job) => job.fetches));
const seconds = (jobs: readonly ReplayedJob[]) =>
  mean(jobs.flatMap((job) => (job.delayMs === undefined ? [] : [job.delayMs / 1000])));
const lost = (jobs: readonly ReplayedJob[]) => jobs.filter((job) => job.delayMs === undefined).length;

function kindFigures(
  kind: JobKind,
  toolkit: readonly ReplayedJob[],
  sdk: readonly ReplayedJob[],
  cli: readonly ReplayedJob[],
): BenchFigure[] {
  const prefix = `${kind.label} (${rangeOf(kind.category)}, ${kind.count} jobs)`;
  const sdkName = 'official SDK, 2 s x 10';
  const cliName = 'official CLI, 1 s doubling to 10 s';
  const figures = [
    figure({
      name: `${prefix}: fetches per job`,
      value: fetchesPerJob(toolkit),
      unit: 'fetches',
      baseline: { name: 'minimum possible', value: 1 },
    }),
    figure({
      name: `${prefix}: fetches per job`,
      value: fetchesPerJob(toolkit),
      unit: 'fetches',
      baseline: { name: sdkName, value: fetchesPerJob(sdk) },
    }),
    figure({
      name: `${prefix}: fetches per job`,
      value: fetchesPerJob(toolkit),
      unit: 'fetches',
      baseline: { name: cliName, value: fetchesPerJob(cli) },
    }),
    figure({
      name: `${prefix}: completion delay`,
      value: seconds(toolkit),
      unit: 's',
      baseline: { name: 'minimum possible', value: 0 },
      note: 'one fetch just after the eta, which is published in whole seconds, plus a margin',
    }),
    figure({
      name: `${prefix}: completion delay`,
      value: seconds(toolkit),
      unit: 's',
      baseline: { name: cliName, value: seconds(cli) },
    }),
  ];
  if (lost(sdk) < sdk.length)
    figures.push(
      figure({
        name: `${prefix}: completion delay`,
        value: seconds(toolkit),
        unit: 's',
        baseline: { name: `${sdkName}, on the jobs it finished`, value: seconds(sdk) },
      }),
    );
  figures.push(
    figure({
      name: `${prefix}: jobs lost`,
      value: lost(toolkit),
      unit: 'jobs',
      baseline: { name: sdkName, value: lost(sdk) },
      pass: lost(toolkit) === 0,
    }),
  );
  return figures;
}

/** Whether every client met the same job lengths (the seeded draws lined up). */
function sameLengths(runs: readonly (readonly ReplayedJob[])[]): boolean {
  const [reference = []] = runs;
  return runs.every((jobs) =>
    jobs.every(
      (job, index) =>
        job.generationSeconds === undefined || job.generationSeconds === reference[index]?.generationSeconds,
    ),
  );
}

export async function run(): Promise<BenchSection> {
  const toolkit = await toolkitJobs();
  const sdk = await officialJobs(SDK_DELAYS);
  const cli = await officialJobs(CLI_DELAYS);
  if (!sameLengths([toolkit, sdk, cli]))
    throw new Error('the emulators drew different job lengths; the comparison would not be on the same jobs');
  const figures: BenchFigure[] = [];
  let offset = 0;
  for (const kind of KINDS) {
    const slice = (jobs: readonly ReplayedJob[]) => jobs.slice(offset, offset + kind.count);
    figures.push(...kindFigures(kind, slice(toolkit), slice(sdk), slice(cli)));
    offset += kind.count;
  }
  return { id: 'polling', title: 'Polling', figures };
}

await runDirectly(import.meta.url, run);
