/**
 * What the job poller's tests against the emulator share: a video submission, and a test bed with
 * a client of a fresh account, started before a describe's tests and closed after them.
 */
import type { EmulatorOptions } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll } from 'vitest';
import type { HttpClient, HttpRequest } from '../../../src/http/index.js';
import { startTestBed, type TestBed } from '../../http/support/test-bed.js';

/** A v6 video job: its family fetches by the id in the path. */
export const VIDEO: HttpRequest = {
  method: 'POST',
  url: '/api/v6/video/text2video',
  json: { prompt: 'waves at dusk', width: 512, height: 512, num_frames: 16 },
  credential: { name: 'generationKey', placement: 'body-key' },
  idempotency: 'unsafe',
  submitsJob: true,
};

/**
 * For the enclosing describe: an emulator started with `options` (its jobs' durations) before
 * its tests and closed after them, and a client of a fresh account on it; read them in tests.
 */
export function jobBed(options: EmulatorOptions): { readonly bed: TestBed; readonly client: HttpClient } {
  let bed: TestBed | undefined;
  let client: HttpClient | undefined;
  beforeAll(async () => {
    bed = await startTestBed(options);
    client = bed.client({ credentials: { generationKey: bed.emulator.createAccount().apiKey } });
  });
  afterAll(() => bed?.close());
  return {
    get bed() {
      if (!bed) throw new Error('the bed is started before the tests');
      return bed;
    },
    get client() {
      if (!client) throw new Error('the bed is started before the tests');
      return client;
    },
  };
}
