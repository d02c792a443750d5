import {
  type Emulator,
  type EmulatorAccount,
  type ManualClock,
  startEmulator,
} from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, send } from '../../../../test/support/http.js';

let emulator: Emulator;
let clock: ManualClock;
let account: EmulatorAccount;

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual', jobDurations: { image: 10, audio: 5, video: 90 } });
  clock = emulator.clock as ManualClock;
  account = emulator.createAccount();
});
afterAll(() => emulator.close());

describe('an asynchronous generation', () => {
  it('goes processing -> success through the path fetch style, on the controlled clock', async () => {
    const queued = await send(`${emulator.url}/api/v7/images/text-to-image`, {
      headers: bearer(account.apiKey),
      body: { model_id: 'flux-dev', prompt: 'a lighthouse at dusk', samples: 2 },
    });
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ status: 'processing', eta: 10, output: [] });
    expect(typeof queued.body.id).toBe('string');
    const fetchUrl = queued.body.fetch_result as string;
    expect(fetchUrl).toBe(`${emulator.url}/api/v7/images/fetch/${queued.body.id}`);
    const futureLinks = queued.body.future_links as string[];
    expect(futureLinks).toHaveLength(2);
    expect((await fetch(futureLinks[0] as string)).status).toBe(404);

    clock.advance(5_000);
    const early = await send(fetchUrl, { headers: bearer(account.apiKey), body: {} });
    expect(early.body).toMatchObject({ status: 'processing', eta: 5 });

    clock.advance(5_000);
    const done = await send(fetchUrl, { headers: bearer(account.apiKey), body: {} });
    expect(done.body).toMatchObject({ status: 'success', id: queued.body.id, output: futureLinks });
    const image = await fetch(futureLinks[0] as string);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('goes processing -> success through the body fetch style, with the key in the body and v6 numbers as strings', async () => {
    const queued = await send(`${emulator.url}/api/v6/images/text2img`, {
      body: {
        key: account.apiKey,
        prompt: 'a red fox',
        width: '512',
        height: '512',
        samples: '1',
        enhance_prompt: 'yes',
      },
    });
    expect(queued.body).toMatchObject({ status: 'processing', request_id: String(queued.body.id) });
    expect(typeof queued.body.id).toBe('number');
    expect(queued.body.fetch_result).toBe(`${emulator.url}/api/v6/images/fetch`);

    clock.advance(10_000);
    const done = await send(`${emulator.url}/api/v6/images/fetch`, {
      body: { key: account.apiKey, request_id: String(queued.body.id) },
    });
    expect(done.body.status).toBe('success');
    expect(done.body.images).toHaveLength(1);
    expect(done.body).not.toHaveProperty('output');
    // the id may come back as an integer too
    const again = await send(`${emulator.url}/api/v6/images/fetch`, {
      body: { key: account.apiKey, request_id: queued.body.id },
    });
    expect(again.body.status).toBe('success');
  });

  it('answers text_to_audio with audio_url, fetched through the voice fetch', async () => {
    const queued = await send(`${emulator.url}/api/v6/voice/text_to_audio`, {
      body: {
        key: account.apiKey,
        prompt: 'Hello there',
        language: 'english',
        speaker: 'Aria',
        output_format: 'wav',
      },
    });
    expect(queued.body.status).toBe('processing');
    clock.advance(5_000);
    const done = await send(`${emulator.url}/api/v6/voice/fetch`, {
      body: { key: account.apiKey, request_id: queued.body.id },
    });
    expect(done.body.status).toBe('success');
    const audio = await fetch(done.body.audio_url as string);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(
      Buffer.from(await audio.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('RIFF');
  });

  it('keeps video results for 24 hours of service time, then answers 410', async () => {
    const queued = await send(`${emulator.url}/api/v6/video/text2video`, {
      body: { key: account.apiKey, prompt: 'waves on a beach' },
    });
    expect(queued.body.eta).toBe(90);
    clock.advance(90_000);
    const done = await send(queued.body.fetch_result as string, { body: { key: account.apiKey } });
    const [url] = done.body.output as string[];
    const video = await fetch(url as string);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    clock.advance(24 * 3600 * 1000);
    expect((await fetch(url as string)).status).toBe(410);
  });

  it("does not let one account fetch another account's job, nor a job through another family", async () => {
    const queued = await send(`${emulator.url}/api/v8/audio/text-to-speech`, {
      headers: bearer(account.apiKey),
      body: { prompt: 'Good morning' },
    });
    const stranger = emulator.createAccount();
    const theirs = await send(queued.body.fetch_result as string, {
      headers: bearer(stranger.apiKey),
      body: {},
    });
    expect(theirs.status).toBe(404);
    const wrongFamily = await send(`${emulator.url}/api/v8/images/fetch/${queued.body.id}`, {
      headers: bearer(account.apiKey),
      body: {},
    });
    expect(wrongFamily.status).toBe(404);
  });

  it('finishes a real-time request inside the call', async () => {
    const done = await send(`${emulator.url}/api/v6/realtime/text2img`, {
      headers: bearer(account.apiKey),
      body: { prompt: 'a paper boat' },
    });
    expect(done.body.status).toBe('success');
    expect((done.body.images as string[]).length).toBe(1);
  });
});

describe('a training job', () => {
  it('reports progress through GET on v8 and ends with a model', async () => {
    const queued = await send(`${emulator.url}/api/v8/training/create`, {
      headers: bearer(account.apiKey),
      body: {
        base_model: 'flux-dev',
        training_data: ['https://e.x/1.png', 'https://e.x/2.png', 'https://e.x/3.png'],
      },
    });
    expect(queued.body.status).toBe('processing');
    const statusUrl = queued.body.fetch_result as string;
    expect(statusUrl).toBe(`${emulator.url}/api/v8/training/${queued.body.id}`);
    const running = await send(statusUrl, { headers: bearer(account.apiKey) });
    expect(running.body).toMatchObject({ status: 'processing', model_id: null });
    clock.advance(900_000);
    const trained = await send(statusUrl, { headers: bearer(account.apiKey) });
    expect(trained.body).toMatchObject({ status: 'success', progress: 1 });
    expect(trained.body.model_id).toMatch(/^ft-/);
    const list = await send(`${emulator.url}/api/v8/training?status=success`, {
      headers: bearer(account.apiKey),
    });
    expect((list.body.data as unknown[]).length).toBeGreaterThanOrEqual(1);
  });

  it('cancels a v6 LoRA training and refunds it', async () => {
    const before = emulator.inspect(account.email)?.balance ?? 0;
    const queued = await send(`${emulator.url}/api/v6/training/lora_fine_tune`, {
      body: {
        key: account.apiKey,
        instance_prompt: 'photo of sks dog',
        images: ['https://e.x/1.png', 'https://e.x/2.png', 'https://e.x/3.png'],
      },
    });
    expect(emulator.inspect(account.email)?.balance).toBeCloseTo(before - 1);
    const status = await send(`${emulator.url}/api/v6/training/fine_tune_status/${queued.body.id}`, {
      body: { key: account.apiKey },
    });
    expect(status.body).toMatchObject({ status: 'processing', training_status: 'training' });
    const cancelled = await send(`${emulator.url}/api/v6/training/cancel_training/${queued.body.id}`, {
      body: { key: account.apiKey },
    });
    expect(cancelled.body.status).toBe('success');
    expect(emulator.inspect(account.email)?.balance).toBeCloseTo(before);
    const after = await send(`${emulator.url}/api/v6/training/fine_tune_status/${queued.body.id}`, {
      body: { key: account.apiKey },
    });
    expect(after.body.training_status).toBe('cancelled');
  });
});
