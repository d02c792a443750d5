/**
 * Memory per in-flight job: 1,000 video jobs submitted through a session and held waiting in its
 * poller (the emulator, in its own process, never lets them finish), measured as the heap they
 * add after full collections; against a bare poller holding the same jobs, which keeps only each
 * parsed answer and one timer. The same for jobs handed back at once (`wait: false`) and resumed
 * from their handles (`session.resume`), the handle not kept by the caller: what a resumed job
 * holds while it waits.
 * @module
 */
import { Agent } from 'undici';
import { connect, type JobProgress } from '../../src/index.js';
import { heapAfterGc } from '../support/collect-garbage.js';
import { startParkedJobsEmulator } from '../support/emulator-process.js';

export const IN_FLIGHT_JOBS = 1_000;
/** Submissions at once: a pool of connections like a busy agent's, not one socket per job. */
const CONCURRENCY = 50;
/**
 * Jobs parked before the measure, on both sides: enough for the code on the path to be compiled
 * and optimised, so that what the JIT makes once is not counted as memory per job (with 100, a
 * third of a kilobyte per job was code compiled during the measure).
 */
const WARM_UP_JOBS = 500;
const VIDEO = { prompt: 'waves', width: 512, height: 512, num_frames: 16 };

/** Runs `start(index)` for `count` items, `CONCURRENCY` at a time, each awaited until it has begun. */
async function inBatches(count: number, start: (index: number) => Promise<void>): Promise<void> {
  for (let first = 0; first < count; first += CONCURRENCY)
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, count - first) }, (_, offset) => start(first + offset)),
    );
}

/**
 * The progress callback each call is given. Made here, not written inline: the bench runs through
 * tsx, whose esbuild `keepNames` gives every closure written as a named property a `name` of its
 * own (a property dictionary, 240 bytes), which compiled code never carries; the callback's own
 * memory is still counted.
 */
function reportingQueued(queued: () => void): (progress: JobProgress) => void {
  return (progress) => {
    if (progress.status === 'processing') queued();
  };
}

/** How a job is made to wait: called and waited for, or handed back and resumed. */
type Waiting = 'called' | 'resumed';

/** Heap bytes per job held by the session: submission answered, poller waiting. */
async function toolkitBytesPerJob(url: string, apiKey: string, waiting: Waiting): Promise<number> {
  const session = await connect({ baseUrl: url, apiKey });
  const abort = new AbortController();
  const calls: Promise<unknown>[] = [];
  /** Starts a wait and resolves once its poller reports the job queued (or the wait ends). */
  const wait = (started: Promise<unknown>, queued: () => void) => {
    calls.push(started.catch(() => undefined));
    void started.then(
      () => queued(),
      () => queued(),
    );
  };
  const options = { signal: abort.signal, wait: 3_600_000 };
  const submit =
    waiting === 'called'
      ? () =>
          new Promise<void>((queued) => {
            wait(
              session.call('v6_video_text2video', VIDEO, { ...options, onProgress: reportingQueued(queued) }),
              queued,
            );
          })
      : async () => {
          const handed = await session.call('v6_video_text2video', VIDEO, { wait: false });
          if (handed.status !== 'processing') throw new Error('the parked job finished');
          await new Promise<void>((queued) => {
            wait(session.resume(handed, { ...options, onProgress: reportingQueued(queued) }), queued);
          });
        };
  try {
    // Warm up: validators compiled, code optimised, connections open, the governor knows the quota.
    await inBatches(WARM_UP_JOBS, submit);
    const before = await heapAfterGc();
    await inBatches(IN_FLIGHT_JOBS, submit);
    const after = await heapAfterGc();
    return (after - before) / IN_FLIGHT_JOBS;
  } finally {
    abort.abort();
    await Promise.all(calls);
    await session.close();
  }
}

/** Heap bytes per job for the least any poller must hold: the parsed answer and a timer. */
async function bareBytesPerJob(url: string, apiKey: string): Promise<number> {
  const agent = new Agent();
  const timers: NodeJS.Timeout[] = [];
  const held: unknown[] = [];
  const submit = async () => {
    const response = await agent.request({
      origin: url,
      path: '/api/v6/video/text2video',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...VIDEO, key: apiKey }),
    });
    const answer = (await response.body.json()) as { eta?: number };
    held.push(answer);
    timers.push(setTimeout(() => held.includes(answer), (answer.eta ?? 60) * 1000));
  };
  try {
    await inBatches(WARM_UP_JOBS, submit);
    const before = await heapAfterGc();
    await inBatches(IN_FLIGHT_JOBS, submit);
    const after = await heapAfterGc();
    return (after - before) / IN_FLIGHT_JOBS;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    await agent.close();
  }
}

export interface InFlightMemory {
  readonly toolkitBytesPerJob: number;
  /** Per job handed back at once and resumed from its handle. */
  readonly resumedBytesPerJob: number;
  readonly bareBytesPerJob: number;
}

export async function measureInFlightMemory(): Promise<InFlightMemory> {
  const emulator = await startParkedJobsEmulator('video', 3);
  try {
    const [toolkitKey = '', bareKey = '', resumedKey = ''] = emulator.apiKeys;
    const bare = await bareBytesPerJob(emulator.url, bareKey);
    const toolkit = await toolkitBytesPerJob(emulator.url, toolkitKey, 'called');
    const resumed = await toolkitBytesPerJob(emulator.url, resumedKey, 'resumed');
    return { toolkitBytesPerJob: toolkit, resumedBytesPerJob: resumed, bareBytesPerJob: bare };
  } finally {
    emulator.stop();
  }
}
