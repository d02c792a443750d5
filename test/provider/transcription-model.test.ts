import { APICallError } from '@ai-sdk/provider';
import { transcribe } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../../packages/emulator/src/files/media.js';
import { everythingIn, type ProviderBed, startWorkingAndFailingBeds } from './support/provider-bed.js';

let bed: ProviderBed;
let failing: ProviderBed;

beforeAll(async () => {
  [bed, failing] = await startWorkingAndFailingBeds();
});
afterAll(async () => {
  await Promise.all([bed.close(), failing.close()]);
});

describe('transcribe', () => {
  it('uploads audio bytes through base64_to_url, queues speech-to-text and returns the transcript', async () => {
    const urls: string[] = [];
    const generation = bed.provider({
      onEvent: (event) => {
        if (event.type === 'request') urls.push(event.url);
      },
    });
    const result = await transcribe({
      model: generation.transcription('v7/speech-to-text'),
      audio: new Uint8Array(wav(3)),
      providerOptions: { generation: { language: 'en' } },
    });
    expect(result.text).toBe('This is an emulated transcript of the audio.');
    expect(result.language).toBe('en');
    expect(result.warnings).toEqual([]);
    expect(urls.some((url) => url.endsWith('/api/v6/voice/base64_to_url'))).toBe(true);
    expect(urls.some((url) => url.endsWith('/api/v7/voice/speech-to-text'))).toBe(true);
    // Polled until done: at least one fetch of the queued job.
    expect(urls.some((url) => url.includes('/api/v7/voice/fetch/'))).toBe(true);
  });

  it('hands a URL to the service as it is, without downloading or uploading it', async () => {
    const urls: string[] = [];
    const generation = bed.provider({
      onEvent: (event) => {
        if (event.type === 'request') urls.push(event.url);
      },
    });
    const result = await transcribe({
      model: generation.transcription('v8/speech-to-text'),
      audio: new URL('https://media.example.com/interview.wav'),
      timestampGranularities: ['word'],
    });
    expect(result.text).toContain('emulated transcript');
    expect(urls.some((url) => url.endsWith('/base64_to_url'))).toBe(false);
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'other' })]);
  });

  it('reports a failed transcription job with the service message, never the key', async () => {
    const generation = failing.provider();
    const failure = await transcribe({
      model: generation.transcription('v7/speech-to-text'),
      audio: new URL('https://media.example.com/noise.wav'),
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).isRetryable).toBe(false);
    expect((failure as Error).message).toContain('Generation failed');
    expect(everythingIn(failure)).not.toContain(failing.account.apiKey);
  });
});
