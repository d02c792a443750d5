import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HttpClient,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseFormatError,
  ServerError,
  TimeoutError,
  UntrustedOriginError,
  ValidationError,
} from '../../src/http/index.js';
import { loginWithCard } from './support/control-plane.js';
import { chatRequest, modelsRequest } from './support/requests.js';
import { startTestBed, type TestBed } from './support/test-bed.js';

const imageSubmission = {
  method: 'POST',
  url: '/api/v7/images/text-to-image',
  json: { model_id: 'flux-dev', prompt: 'a lighthouse' },
  credential: { name: 'generationKey', placement: 'body-key' },
  idempotency: 'unsafe',
  submitsJob: true,
} as const;

describe('faults', () => {
  let bed: TestBed;
  let client: HttpClient;
  let email: string;
  beforeAll(async () => {
    bed = await startTestBed();
    const account = bed.emulator.createAccount();
    email = account.email;
    client = bed.client({ credentials: { generationKey: account.apiKey } });
    await client.request(modelsRequest());
  });
  afterAll(() => bed.close());

  it.each(['server-error', 'unavailable', 'reset', 'garbled', 'html'] as const)(
    'retries a read through %s',
    async (kind) => {
      bed.emulator.faults.inject({ kind, match: '/api/v7/models', times: 2 });
      const response = await client.request(modelsRequest());
      expect(response.status).toBe(200);
      expect(response.attempts).toBe(3);
    },
  );

  it('gives up after the retry limit with the typed error of the last failure', async () => {
    bed.emulator.faults.inject({ kind: 'server-error', match: '/api/v7/models', times: 3 });
    const limited = bed.client({
      credentials: { generationKey: bed.emulator.createAccount().apiKey },
      retry: 2,
    });
    const error = await limited.request(modelsRequest()).catch((caught: unknown) => caught);
    expect(ServerError.isInstance(error)).toBe(true);
    expect((error as ServerError).httpStatus).toBe(500);
    expect((error as ServerError).message).toMatch(/\(GET http:\/\/127\.0\.0\.1:\d+\/api\/v7\/models\)$/);
  });

  it('reads a cut JSON body as a ResponseFormatError', async () => {
    bed.emulator.faults.inject({ kind: 'garbled', match: '/api/v7/models', times: 1 });
    const error = await bed
      .client({ credentials: { generationKey: 'k'.repeat(10) }, retry: false })
      .request(modelsRequest())
      .catch((caught: unknown) => caught);
    expect(ResponseFormatError.isInstance(error)).toBe(true);
  });

  it('retries a generation submission after 503 and 429: the service did not act on it', async () => {
    bed.emulator.faults.inject({ kind: 'unavailable', match: 'v7_images_text_to_image', times: 1 });
    bed.emulator.faults.inject({ kind: 'rate-limited', match: 'v7_images_text_to_image', times: 1 });
    const before = bed.emulator.inspect(email)!.usage.length;
    const response = await client.request(imageSubmission);
    response.jobSlot?.release();
    expect(response.attempts).toBe(3);
    expect(bed.emulator.inspect(email)!.usage.length - before).toBe(1);
  });

  it('never repeats a generation submission after a reset: the job may exist', async () => {
    bed.emulator.faults.inject({
      kind: 'reset',
      match: 'v7_images_text_to_image',
      times: 1,
      afterEffect: true,
    });
    const before = bed.emulator.inspect(email)!.usage.length;
    const error = await client.request(imageSubmission).catch((caught: unknown) => caught);
    expect(NetworkError.isInstance(error) && error.requestSent).toBe(true);
    expect(bed.emulator.inspect(email)!.usage.length - before).toBe(1);
    expect(
      bed.events.filter((event) => event.type === 'retry' && event.url.includes('text-to-image')),
    ).toHaveLength(2);
  });

  it('never repeats a generation submission after a 500', async () => {
    bed.emulator.faults.inject({ kind: 'server-error', match: 'v7_images_text_to_image', times: 1 });
    const error = await client.request(imageSubmission).catch((caught: unknown) => caught);
    expect(ServerError.isInstance(error)).toBe(true);
  });

  it('times an attempt out and retries a read', async () => {
    bed.emulator.faults.inject({ kind: 'slow', match: '/api/v7/models', times: 1, delayMs: 400 });
    const response = await client.request(modelsRequest({ timeoutMs: 100 }));
    expect(response.attempts).toBe(2);
    const retry = bed.events.findLast((event) => event.type === 'retry');
    expect(retry?.type === 'retry' && retry.code).toBe('timeout');
  });

  it('retries a connection refused before the request was sent, even for a submission', async () => {
    const closed = new HttpClient({
      baseUrl: 'http://127.0.0.1:9',
      credentials: { generationKey: 'k'.repeat(12) },
      retry: { limit: 2, initialDelayMs: 1, jitter: false },
    });
    const error = await closed.request(chatRequest()).catch((caught: unknown) => caught);
    await closed.close();
    expect(NetworkError.isInstance(error)).toBe(true);
    expect((error as NetworkError).requestSent).toBe(false);
  });

  it('stops retrying when the next wait would pass the deadline', async () => {
    bed.emulator.faults.inject({ kind: 'unavailable', match: '/api/v7/models', times: 20 });
    const start = bed.clock.now();
    const error = await client
      .request(modelsRequest({ totalTimeoutMs: 2_500 }))
      .catch((caught: unknown) => caught);
    bed.emulator.faults.clear();
    expect(ServerError.isInstance(error) && error.httpStatus).toBe(503);
    expect(bed.clock.now() - start).toBeLessThanOrEqual(2_500);
  });

  it('answers RateLimitedError, sending nothing, when no queue place frees up before the deadline', async () => {
    const account = bed.emulator.createAccount();
    const queued = bed.client({ credentials: { generationKey: account.apiKey }, maxQueuedJobs: 1 });
    const first = await queued.request(imageSubmission);
    expect(first.jobSlot).toBeDefined();
    const wireBefore = bed.wire.length;
    const start = bed.clock.now();
    const error = await queued
      .request({ ...imageSubmission, totalTimeoutMs: 5_000 })
      .catch((caught: unknown) => caught);
    first.jobSlot?.release();
    expect(RateLimitedError.isInstance(error) && error.queueLimit).toBe(1);
    expect(bed.clock.now() - start).toBe(5_000);
    expect(bed.wire.length).toBe(wireBefore);
  });

  it('ends an attempt that outlives the call deadline with TimeoutError', async () => {
    bed.emulator.faults.inject({ kind: 'slow', match: '/api/v7/models', times: 1, delayMs: 300 });
    const error = await client
      .request(modelsRequest({ totalTimeoutMs: 100 }))
      .catch((caught: unknown) => caught);
    expect(TimeoutError.isInstance(error) && error.phase).toBe('total');
  });

  it('honours the caller signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(client.request(modelsRequest({ signal: controller.signal }))).rejects.toThrow(
      'caller gave up',
    );
  });

  it('refuses to send a credential to another origin, sending nothing', async () => {
    const wireBefore = bed.wire.length;
    const error = await client
      .request(modelsRequest({ url: 'https://evil.example/api/v7/models' }))
      .catch((caught: unknown) => caught);
    expect(UntrustedOriginError.isInstance(error)).toBe(true);
    expect((error as UntrustedOriginError).origin).toBe('https://evil.example');
    expect(bed.wire.length).toBe(wireBefore);
  });

  it('reads a validation failure sent with HTTP 200 as a ValidationError', async () => {
    const error = await client
      .request({ ...imageSubmission, json: { model_id: 'flux-dev' }, submitsJob: false })
      .catch((caught: unknown) => caught);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).httpStatus).toBe(200);
    expect((error as ValidationError).fields.map((field) => field.field)).toContain('prompt');
  });

  it('says a retried DELETE met 404 because its lost first attempt did the deletion', async () => {
    const { token } = await loginWithCard(bed);
    const control = bed.client({ credentials: { controlToken: token } });
    const bearer = { name: 'controlToken', placement: 'bearer' } as const;
    const created = await control.request<{ data: { id: string } }>({
      method: 'POST',
      url: '/api/agents/v1/api-keys',
      json: { name: 'doomed' },
      credential: bearer,
      idempotency: 'keyed',
    });
    const keyUrl = `/api/agents/v1/api-keys/${created.body.data.id}`;
    const remove = () =>
      control.request({ method: 'DELETE', url: keyUrl, credential: bearer, idempotency: 'safe' });

    bed.emulator.faults.inject({ kind: 'reset', match: keyUrl, times: 1, afterEffect: true });
    const error = await remove().catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect((error as NotFoundError).message).toMatch(/most likely did the deletion/);

    // A plain 404, with no lost answer before it, says nothing of the kind.
    const again = await remove().catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(again)).toBe(true);
    expect((again as NotFoundError).message).not.toMatch(/most likely/);
  });
});
