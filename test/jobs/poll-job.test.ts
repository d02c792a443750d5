import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationFailedError, type HttpClient, type HttpRequest } from '../../src/http/index.js';
import {
  awaitGeneration,
  createFetchStatus,
  isResumableJob,
  type JobProgress,
  type ResumableJob,
  resumeJob,
} from '../../src/jobs/index.js';
import { startTestBed, type TestBed } from '../http/support/test-bed.js';
import { jobBed, VIDEO as video } from './support/job-bed.js';

const image = (overrides: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'POST',
  url: '/api/v7/images/text-to-image',
  json: { model_id: 'flux-dev', prompt: 'a red kite' },
  credential: { name: 'generationKey', placement: 'body-key' },
  idempotency: 'unsafe',
  submitsJob: true,
  ...overrides,
});

const fetches = (bed: TestBed, from: number) =>
  bed.events.slice(from).filter((event) => event.type === 'request' && event.url.includes('/fetch')).length;

describe('a 90 s video', () => {
  const beds = jobBed({ jobDurations: { video: 90 } });

  it('completes, polling once just after the eta', async () => {
    const { bed, client } = beds;
    const progress: JobProgress[] = [];
    const eventsBefore = bed.events.length;
    const start = bed.clock.now();
    const response = await client.request(video);
    const outcome = await awaitGeneration({
      client,
      response,
      submittedUrl: video.url,
      category: 'video',
      onProgress: (report) => progress.push(report),
    });
    expect(outcome.status).toBe('success');
    if (outcome.status !== 'success') return;
    expect((outcome.body as { output: string[] }).output[0]).toMatch(/^http/);
    expect(typeof outcome.requestId).toBe('number'); // v6 ids are integers and stay integers
    expect(outcome.polls).toBe(1);
    expect(fetches(bed, eventsBefore)).toBe(1);
    expect(bed.clock.now() - start).toBeGreaterThanOrEqual(90_000);
    expect(bed.clock.now() - start).toBeLessThan(95_000);
    expect(progress.map((report) => report.status)).toEqual(['processing', 'success']);
    expect(progress[0]).toMatchObject({ attempt: 0, etaMs: 90_000 });
    expect(progress[1]!.elapsedMs).toBeGreaterThanOrEqual(90_000);
  });

  it('comes back resumable when it outlives the deadline, and resumes to the end', async () => {
    const { client } = beds;
    const response = await client.request(video);
    const first = await awaitGeneration({
      client,
      response,
      submittedUrl: video.url,
      category: 'video',
      deadlineMs: 30_000,
    });
    expect(first.status).toBe('processing');
    const handle = JSON.parse(JSON.stringify(first)) as ResumableJob; // as a tool hands it to a model and back
    expect(isResumableJob(handle)).toBe(true);
    expect(handle).toMatchObject({ reason: 'deadline', fetch: { style: 'path' }, category: 'video' });
    expect(handle.retryAfterMs).toBeGreaterThan(30_000);
    const fetchStatus = createFetchStatus({ client });
    const partial = await resumeJob(handle, { fetchStatus, clock: client.clock, deadlineMs: 10_000 });
    expect(partial.status).toBe('processing');
    const done = await resumeJob(partial as ResumableJob, { fetchStatus, clock: client.clock });
    expect(done).toMatchObject({ status: 'success', requestId: handle.requestId });
  });

  it('returns the handle at once in webhook mode, without polling', async () => {
    const { bed, client } = beds;
    const eventsBefore = bed.events.length;
    const response = await client.request({
      ...video,
      json: { ...(video.json as object), webhook: 'http://127.0.0.1:9/hook' },
    });
    const outcome = await awaitGeneration({
      client,
      response,
      submittedUrl: video.url,
      category: 'video',
      webhook: true,
    });
    expect(outcome).toMatchObject({ status: 'processing', reason: 'webhook' });
    expect(fetches(bed, eventsBefore)).toBe(0);
  });
});

describe('fetch styles and failures', () => {
  const beds = jobBed({ jobDurations: { audio: 5, image: 8 } });

  it('fetches voice in the body style (POST /api/v6/voice/fetch with request_id)', async () => {
    const { bed, client } = beds;
    const request: HttpRequest = {
      method: 'POST',
      url: '/api/v6/voice/text_to_audio',
      json: { prompt: 'Hello there', language: 'english', voice_id: 1 },
      credential: { name: 'generationKey', placement: 'body-key' },
      idempotency: 'unsafe',
      submitsJob: true,
    };
    const eventsBefore = bed.events.length;
    const response = await client.request(request);
    const outcome = await awaitGeneration({ client, response, submittedUrl: request.url, category: 'audio' });
    expect(outcome.status).toBe('success');
    const fetch = bed.events
      .slice(eventsBefore)
      .find((event) => event.type === 'request' && event.url.includes('/fetch'));
    expect(fetch?.type === 'request' && fetch.url).toMatch(/\/api\/v6\/voice\/fetch$/);
  });

  it('fetches v7 images in the path style from fetch_result', async () => {
    const { client } = beds;
    const response = await client.request(image());
    const outcome = await awaitGeneration({
      client,
      response,
      submittedUrl: '/api/v7/images/text-to-image',
      category: 'image',
    });
    expect(outcome).toMatchObject({ status: 'success', polls: 1 });
  });

  it('says why a job failed, naming the job', async () => {
    const { bed, client } = beds;
    bed.emulator.faults.set({ jobFailureRate: 1 });
    const response = await client.request(image());
    const error = await awaitGeneration({
      client,
      response,
      submittedUrl: '/api/v7/images/text-to-image',
      category: 'image',
    }).catch((caught: unknown) => caught);
    bed.emulator.faults.clear();
    expect(GenerationFailedError.isInstance(error)).toBe(true);
    expect((error as GenerationFailedError).message).toMatch(/Generation failed/);
    expect((error as GenerationFailedError).jobId).toBe((response.body as { id: string }).id);
  });

  it('keeps polling through transient fetch failures', async () => {
    const { bed, client } = beds;
    const response = await client.request(image());
    bed.emulator.faults.inject({ kind: 'unavailable', match: '/api/v7/images/fetch', times: 6 });
    const outcome = await awaitGeneration({
      client,
      response,
      submittedUrl: '/api/v7/images/text-to-image',
      category: 'image',
    });
    expect(outcome.status).toBe('success');
  });
});

describe('the queue limit', () => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await startTestBed({ jobDurations: { image: 20 }, queueLimit: 5 });
  });
  afterAll(() => bed.close());

  const runEight = async (client: HttpClient) =>
    Promise.all(
      Array.from({ length: 8 }, async () => {
        const response = await client.request(image({ totalTimeoutMs: 600_000 }));
        return awaitGeneration({
          client,
          response,
          submittedUrl: '/api/v7/images/text-to-image',
          category: 'image',
        });
      }),
    );

  it('holds submissions back under a configured limit: no 429 at all', async () => {
    const client = bed.client({
      credentials: { generationKey: bed.emulator.createAccount().apiKey },
      maxQueuedJobs: 5,
    });
    const wireBefore = bed.wire.length;
    const outcomes = await runEight(client);
    expect(outcomes.every((outcome) => outcome.status === 'success')).toBe(true);
    expect(bed.wire.slice(wireBefore).filter((status) => status === 429)).toEqual([]);
  });

  it('learns the limit from the first refusal, and no 429 reaches the caller', async () => {
    const client = bed.client({ credentials: { generationKey: bed.emulator.createAccount().apiKey } });
    const wireBefore = bed.wire.length;
    const outcomes = await runEight(client);
    expect(outcomes.every((outcome) => outcome.status === 'success')).toBe(true);
    // Submissions already on their way when the first refusal taught the limit may meet one too.
    const refusals = bed.wire.slice(wireBefore).filter((status) => status === 429).length;
    expect(refusals).toBeGreaterThanOrEqual(1);
    expect(refusals).toBeLessThanOrEqual(3);
  });
});
