/**
 * Memory per waiting job, with a webhook receiver and without: 1,000 image jobs submitted through
 * a session and held waiting (the emulator, in its own process on a clock that never moves, never
 * lets them finish), measured as the heap they add after full collections.
 * @module
 */
import { heapAfterGc } from '../support/collect-garbage.js';
import { startParkedJobsEmulator } from '../support/emulator-process.js';
import { startReceivingSession } from './receiving-session.js';

export const WAITING_JOBS = 1_000;
const CONCURRENCY = 50;
const IMAGE = { model_id: 'flux-dev', prompt: 'a kite' };

async function bytesPerJob(url: string, apiKey: string, webhooks: boolean): Promise<number> {
  const bed = await startReceivingSession({ baseUrl: url, apiKey, webhooks });
  const abort = new AbortController();
  const calls: Promise<unknown>[] = [];
  const submit = () =>
    new Promise<void>((queued) => {
      const call = bed.session.call('v7_images_text_to_image', IMAGE, {
        signal: abort.signal,
        wait: 3_600_000,
        onProgress: (progress) => {
          if (progress.status === 'processing') queued();
        },
      });
      calls.push(call.catch(() => undefined));
      void call.then(
        () => queued(),
        () => queued(),
      );
    });
  const batches = async (count: number) => {
    for (let first = 0; first < count; first += CONCURRENCY)
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - first) }, submit));
  };
  try {
    await batches(CONCURRENCY * 2);
    const before = await heapAfterGc();
    await batches(WAITING_JOBS);
    const after = await heapAfterGc();
    return (after - before) / WAITING_JOBS;
  } finally {
    abort.abort();
    await Promise.all(calls);
    await bed.close();
  }
}

export async function measureMemoryPerJob(): Promise<{ webhook: number; polling: number }> {
  const emulator = await startParkedJobsEmulator('image');
  try {
    const [webhookKey = '', pollingKey = ''] = emulator.apiKeys;
    const polling = await bytesPerJob(emulator.url, pollingKey, false);
    const webhook = await bytesPerJob(emulator.url, webhookKey, true);
    return { webhook, polling };
  } finally {
    emulator.stop();
  }
}
