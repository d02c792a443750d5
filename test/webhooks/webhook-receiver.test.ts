/**
 * The receiver with the emulator's deliveries: the call resolves from the delivery with the
 * envelope a poll gives and one request to the service, and every delivery is untrusted input.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/auth/index.js';
import { MemoryWebhookStore } from '../../src/webhooks/index.js';
import { IMAGE, IMAGE_INPUT, startWebhookBed, until, type WebhookBed } from './support/webhook-bed.js';

const beds: WebhookBed[] = [];
afterEach(async () => {
  for (const bed of beds.splice(0)) await bed.close();
});

async function bed(options: Parameters<typeof startWebhookBed>[0] = {}): Promise<WebhookBed> {
  const started = await startWebhookBed(options);
  beds.push(started);
  return started;
}

/** The callback URL of the emulator's latest delivery, split into its parts. */
function lastCallback(started: WebhookBed) {
  const delivery = started.emulator.webhooks().at(-1);
  if (!delivery) throw new Error('no delivery yet');
  const [trackId, capability] = new URL(delivery.url).pathname.split('/').slice(-2) as [string, string];
  return { ...delivery, trackId, capability };
}

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

describe('a call with a webhook receiver attached', () => {
  it('fills in webhook and track_id, resolves from the delivery, and sends nothing but the submission', async () => {
    const started = await bed();
    const result = await started.session.call(IMAGE, IMAGE_INPUT);
    expect(result.status).toBe('success');
    if (result.status !== 'success') return;
    expect(started.requests).toEqual(['POST /api/v7/images/text-to-image']);
    expect(result.polls).toBe(0);
    expect(result.outputs[0]?.mediaType).toBe('image/png');

    await until(() => started.emulator.webhooks().length === 1);
    const callback = lastCallback(started);
    expect(callback.url.startsWith(`${started.hookUrl}/`)).toBe(true);
    expect(callback.body.track_id).toBe(callback.trackId);
    expect(callback.status).toBe(200);
    // The same envelope as a polled answer: the webhook's own fields are not part of it.
    expect(result.body).not.toHaveProperty('track_id');
    expect(result.body).not.toHaveProperty('webhook_type');
    expect(result.requestId).toBe(callback.body.id);
    // The capability is the job's secret: the service echoes the request as `meta`, it is masked.
    expect(JSON.stringify(result)).not.toContain(callback.capability);
  });

  it('gives the same envelope as a polled call', async () => {
    const started = await bed();
    const delivered = await started.session.call(IMAGE, IMAGE_INPUT);
    // A session of its own without a receiver: it polls.
    const account = started.emulator.createAccount({ credits: 10 });
    const bare = await connect({
      baseUrl: started.emulator.url,
      apiKey: account.apiKey,
      operations: { ids: [IMAGE] },
      discovery: { models: false },
    });
    try {
      const plain = await bare.call(IMAGE, IMAGE_INPUT);
      expect(plain.status === 'success' && plain.polls).toBeGreaterThan(0);
      expect(Object.keys(delivered).sort()).toEqual(Object.keys(plain).sort());
      if (delivered.status !== 'success' || plain.status !== 'success') throw new Error('expected results');
      expect(Object.keys(delivered.body as object).sort()).toEqual(Object.keys(plain.body as object).sort());
    } finally {
      await bare.close();
    }
  });

  it('leaves a webhook the caller gave alone: the handle comes back at once, as before', async () => {
    const started = await bed();
    const own = `${started.hookUrl}-own/elsewhere`;
    const result = await started.session.call(IMAGE, { ...IMAGE_INPUT, webhook: own });
    expect(result).toMatchObject({ status: 'processing', reason: 'webhook' });
    expect(result).not.toHaveProperty('trackId');
  });

  it('hands back a resumable handle that names its track when the wait ends first, and resume returns the delivery without a fetch', async () => {
    const started = await bed({ emulator: { jobDurations: { image: 60 } } });
    const pending = await started.session.call(IMAGE, IMAGE_INPUT, { wait: false });
    expect(pending).toMatchObject({ status: 'processing', trackId: expect.any(String) });
    if (pending.status !== 'processing') return;
    await until(() => started.emulator.webhooks().length === 1);
    // A model carries only the operation and the id: the track is found by the job.
    const byId = await started.session.resumeById(IMAGE, pending.requestId);
    expect(byId.status).toBe('success');
    expect(started.fetches()).toBe(0);
    // The delivery resolved its call and was dropped (issue 22, finding 6): resuming again polls.
    const resumed = await started.session.resume(pending);
    expect(resumed.status).toBe('success');
    expect(started.fetches()).toBe(1);
  });
});

describe('createWebhookReceiver options', () => {
  it('refuses an unknown option naming the closest, a publicUrl that is not http(s), and a second receiver', async () => {
    const started = await bed();
    const { createWebhookReceiver } = await import('../../src/webhooks/index.js');
    expect(() =>
      createWebhookReceiver(started.session, { publicUrl: 'https://a.example/hooks', ttl: 5 } as never),
    ).toThrow(/trackTtlMs/);
    expect(() => createWebhookReceiver(started.session, { publicUrl: 'ftp://a.example/hooks' })).toThrow(
      /http\(s\)/,
    );
    expect(() =>
      createWebhookReceiver(started.session, { publicUrl: 'https://a.example/hooks?x=1' }),
    ).toThrow(/no query/);
    // The bed already attached one: a second would leave the first's deliveries without a waiter.
    expect(() => createWebhookReceiver(started.session, { publicUrl: 'https://a.example/hooks' })).toThrow(
      /already has a webhook receiver/,
    );
  });
});

describe('deliveries are untrusted input', () => {
  it('answers 404 with no body for unknown tracks, wrong capabilities and malformed paths; 405 for other methods', async () => {
    const started = await bed();
    await started.session.call(IMAGE, IMAGE_INPUT);
    await until(() => started.emulator.webhooks().length === 1);
    const { trackId, capability, body } = lastCallback(started);
    const text = JSON.stringify(body);
    const wrongCapability = `${capability.slice(0, -1)}${capability.endsWith('A') ? 'B' : 'A'}`;
    const unknownTrack = `${trackId.slice(0, -1)}${trackId.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `${started.hookUrl}/${trackId}/${wrongCapability}`,
      `${started.hookUrl}/${unknownTrack}/${capability}`,
      `${started.hookUrl}/${trackId}`,
      `${started.hookUrl}/${trackId}/${capability}x`,
      `${started.hookUrl}/../${trackId}/%2e%2e`,
    ]) {
      const response = await post(url, text);
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe('');
    }
    const get = await fetch(`${started.hookUrl}/${trackId}/${capability}`);
    expect(get.status).toBe(405);
    expect(await get.text()).toBe('');
  });

  it('refuses an oversized body (413), a body that is not JSON (400) or names another job or track (400), echoing nothing', async () => {
    const started = await bed({
      emulator: { jobDurations: { image: 60 }, webhookFaults: { lost: 1 } },
      receiver: { maxBodyBytes: 2_000 },
    });
    const pending = await started.session.call(IMAGE, IMAGE_INPUT, { wait: false });
    if (pending.status !== 'processing') throw new Error('expected a handle');
    await until(() => started.emulator.webhooks().length === 1);
    const { url } = lastCallback(started);
    const valid = { status: 'success', id: pending.requestId, output: ['http://127.0.0.1/x.png'] };
    const cases: Array<[string, number]> = [
      [JSON.stringify({ ...valid, padding: 'x'.repeat(5_000) }), 413],
      ['{"status":"success","id":', 400],
      ['[1,2,3]', 400],
      [JSON.stringify({ ...valid, id: 'another-job' }), 400],
      [JSON.stringify({ ...valid, track_id: 'another-track' }), 400],
    ];
    for (const [body, status] of cases) {
      const response = await post(url, body);
      expect(response.status, body.slice(0, 40)).toBe(status);
      expect(await response.text()).toBe('');
    }
    // A progress note is acknowledged and changes nothing.
    expect((await post(url, JSON.stringify({ status: 'processing', id: pending.requestId }))).status).toBe(
      202,
    );
    // None of it completed the job: resuming still waits for the real answer.
    const stillRunning = await started.session.resume(pending, { wait: false });
    expect(stillRunning.status).toBe('processing');
    // The real answer, then a replay of it: the replay is acknowledged and ignored.
    expect((await post(url, JSON.stringify(valid))).status).toBe(200);
    expect(
      (await post(url, JSON.stringify({ ...valid, output: ['http://127.0.0.1/other.png'] }))).status,
    ).toBe(200);
    const resumed = await started.session.resume(pending);
    expect(resumed.status === 'success' && resumed.outputs.map((output) => output.url)).toEqual([
      'http://127.0.0.1/x.png',
    ]);
    expect(started.fetches()).toBe(0);
  });

  it('answers 404 once a track has expired, and the Web-standard handler answers as the Node one', async () => {
    let now = Date.now();
    const started = await bed({
      emulator: { jobDurations: { image: 60 }, webhookFaults: { lost: 1 } },
      receiver: { store: new MemoryWebhookStore({ now: () => now }), trackTtlMs: 60_000 },
    });
    const pending = await started.session.call(IMAGE, IMAGE_INPUT, { wait: false });
    if (pending.status !== 'processing') throw new Error('expected a handle');
    await until(() => started.emulator.webhooks().length === 1);
    const { url } = lastCallback(started);
    const answer = JSON.stringify({
      status: 'success',
      id: pending.requestId,
      output: ['http://127.0.0.1/x.png'],
    });
    const deliver = () =>
      started.receiver.handle(
        new Request(url, { method: 'POST', body: answer, headers: { 'Content-Type': 'application/json' } }),
      );
    const wrongMethod = await started.receiver.handle(new Request(url));
    expect([wrongMethod.status, wrongMethod.headers.get('allow'), await wrongMethod.text()]).toEqual([
      405,
      'POST',
      '',
    ]);
    expect((await deliver()).status).toBe(200);
    // A day later (the track's life is a minute here), a replay finds nothing to answer.
    now += 86_400_000;
    const expired = await deliver();
    expect([expired.status, await expired.text()]).toEqual([404, '']);
  });

  it("never completes another session's job, even through a shared store", async () => {
    const store = new MemoryWebhookStore();
    const first = await bed({
      receiver: { store },
      emulator: { jobDurations: { image: 60 }, webhookFaults: { lost: 1 } },
    });
    const other = first.emulator.createAccount({ credits: 10 });
    const second = await bed({
      shared: { emulator: first.emulator, apiKey: other.apiKey },
      receiver: { store },
    });
    const pending = await first.session.call(IMAGE, IMAGE_INPUT, { wait: false });
    if (pending.status !== 'processing') throw new Error('expected a handle');
    await until(() => first.emulator.webhooks().length === 1);
    const { trackId, capability } = lastCallback(first);
    const answer = JSON.stringify({
      status: 'success',
      id: pending.requestId,
      output: ['http://127.0.0.1/x.png'],
    });
    // The other session's receiver, with the right capability: not its job.
    expect((await post(`${second.hookUrl}/${trackId}/${capability}`, answer)).status).toBe(404);
    // Nor can the other session resume it from the store: it asks the service, which refuses.
    const foreign = await second.session
      .resume({ ...pending }, { wait: false })
      .catch((error: unknown) => error);
    expect(foreign).not.toMatchObject({ status: 'success' });
    expect((await post(`${first.hookUrl}/${trackId}/${capability}`, answer)).status).toBe(200);
    expect((await first.session.resume(pending)).status).toBe('success');
  });
});
