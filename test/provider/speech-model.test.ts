import { InvalidArgumentError, NoSuchModelError } from '@ai-sdk/provider';
import { generateSpeech } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMp3, isWav, type ProviderBed, startProviderBed } from './support/provider-bed.js';

let bed: ProviderBed;

beforeAll(async () => {
  bed = await startProviderBed();
});
afterAll(() => bed.close());

describe('generateSpeech', () => {
  it('speaks through v7 text-to-speech as a queued job and returns MP3 bytes', async () => {
    const statuses: string[] = [];
    const generation = bed.provider({ onJobProgress: (progress) => statuses.push(progress.status) });
    const result = await generateSpeech({
      model: generation.speech('v7/text-to-speech'),
      text: 'Hello from the emulator.',
      voice: '2',
      language: 'en',
      speed: 1.25,
    });
    expect(isMp3(result.audio.uint8Array)).toBe(true);
    expect(result.audio.mediaType).toBe('audio/mpeg');
    expect(result.warnings).toEqual([]);
    expect(statuses).toEqual(expect.arrayContaining(['processing', 'success']));
    const metadata = result.providerMetadata.generation as { operationId: string; audio: { url: string } };
    expect(metadata.operationId).toBe('v7_voice_text_to_speech');
    expect(metadata.audio.url).toMatch(/\.mp3$/);
  });

  it('asks for WAV through output_format, and names a speaker by name', async () => {
    const generation = bed.provider();
    const result = await generateSpeech({
      model: generation.speech('v8/text-to-speech'),
      text: 'A short line.',
      voice: 'Aria',
      outputFormat: 'wav',
    });
    expect(isWav(result.audio.uint8Array)).toBe(true);
    expect(result.audio.mediaType).toBe('audio/wav');
  });

  it('uses the v6 text_to_audio answer (audio_url) and warns about instructions', async () => {
    const generation = bed.provider();
    const result = await generateSpeech({
      model: generation.speech('v6/text_to_audio'),
      text: 'An older voice endpoint.',
      instructions: 'Whisper it.',
    });
    expect(isMp3(result.audio.uint8Array)).toBe(true);
    expect(result.warnings).toEqual([
      expect.objectContaining({ type: 'unsupported', feature: 'instructions' }),
    ]);
  });

  it('refuses an output format and a speed the operation does not take', async () => {
    const generation = bed.provider();
    const model = generation.speech('v7/text-to-speech');
    const format = await generateSpeech({ model, text: 'x', outputFormat: 'flac' }).catch(
      (error: unknown) => error,
    );
    expect(InvalidArgumentError.isInstance(format)).toBe(true);
    expect((format as Error).message).toContain('"mp3", "wav"');
    const speed = await generateSpeech({ model, text: 'x', speed: 9 }).catch((error: unknown) => error);
    expect((speed as Error).message).toContain('0.5 to 2');
  });

  it('lists the speech operations for an unknown id', () => {
    const generation = bed.provider();
    try {
      generation.speech('v7/text-to-speach');
      expect.unreachable();
    } catch (error) {
      expect(NoSuchModelError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('Did you mean "v7/text-to-speech"');
    }
  });
});
