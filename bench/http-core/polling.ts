/**
 * Polling cost: fetch requests per job for a mix of images, voice and video, against the
 * minimum possible (one fetch per job that did not finish inside the call) and against the
 * schedule of the official CLI (1 s doubling to 10 s), replayed on the same job durations.
 */
import type { ManualClock } from '../../src/emulator/clock.js';
import { startEmulator } from '../../src/emulator/index.js';
import { createUndiciTransport, HttpClient, type HttpRequest } from '../../src/http/index.js';
import { awaitGeneration, readJobAnswer } from '../../src/jobs/index.js';
import { createVirtualClock } from '../../test/support/virtual-clock.js';

const JOBS: ReadonlyArray<{ category: string; request: HttpRequest }> = [
  ...Array.from({ length: 8 }, () => ({
    category: 'image',
    request: {
      method: 'POST',
      url: '/api/v7/images/text-to-image',
      json: { model_id: 'flux', prompt: 'a kite' },
    } as HttpRequest,
  })),
  ...Array.from({ length: 8 }, () => ({
    category: 'audio',
    request: {
      method: 'POST',
      url: '/api/v6/voice/text_to_audio',
      json: { prompt: 'Hello', language: 'english', voice_id: 1 },
    } as HttpRequest,
  })),
  ...Array.from({ length: 4 }, () => ({
    category: 'video',
    request: {
      method: 'POST',
      url: '/api/v6/video/text2video',
      json: { prompt: 'waves', width: 512, height: 512, num_frames: 16 },
    } as HttpRequest,
  })),
];

/** Polls the official CLI would make for a job that takes `durationMs`: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
function cliPolls(durationMs: number): number {
  let elapsed = 0;
  let delay = 1_000;
  let polls = 0;
  while (elapsed < durationMs) {
    elapsed += delay;
    polls += 1;
    delay = Math.min(10_000, delay * 2);
  }
  return polls;
}

export interface PollingFigures {
  readonly jobs: number;
  readonly queued: number;
  readonly fetches: number;
  readonly minimum: number;
  readonly cliFetches: number;
}

export async function measurePolling(): Promise<PollingFigures> {
  const emulator = await startEmulator({
    clock: 'manual',
    seed: 7,
    rateLimits: { generation: { limit: 600, windowSeconds: 60 } },
    queueLimit: 50,
  });
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const { transport, close } = createUndiciTransport();
  let fetches = 0;
  const client = new HttpClient({
    baseUrl: emulator.url,
    clock,
    transport: clock.wrap(transport),
    credentials: { generationKey: emulator.createAccount({ credits: 1000 }).apiKey },
    onEvent: (event) => {
      if (event.type === 'request' && event.url.includes('/fetch')) fetches += 1;
    },
  });
  let queued = 0;
  let cliFetches = 0;
  await Promise.all(
    JOBS.map(async ({ category, request }) => {
      const response = await client.request({
        ...request,
        credential: { name: 'generationKey', placement: 'body-key' },
        idempotency: 'unsafe',
        submitsJob: true,
      });
      const answer = readJobAnswer(response.body);
      if (answer.state === 'processing') {
        queued += 1;
        cliFetches += cliPolls(answer.etaMs ?? 0);
      }
      const outcome = await awaitGeneration({ client, response, submittedUrl: request.url, category });
      if (outcome.status !== 'success') throw new Error('a benchmark job did not finish');
    }),
  );
  await client.close();
  await close();
  await emulator.close();
  return { jobs: JOBS.length, queued, fetches, minimum: queued, cliFetches };
}
