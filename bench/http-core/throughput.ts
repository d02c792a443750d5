/**
 * Throughput under a quota: a governed client and a naive one (fires at once, waits out each
 * 429's Retry-After) share one emulator and one virtual clock, each on its own account.
 */
import type { ManualClock } from '../../src/emulator/clock.js';
import { startEmulator } from '../../src/emulator/index.js';
import {
  createUndiciTransport,
  HttpClient,
  type HttpRequest,
  parseRetryAfter,
} from '../../src/http/index.js';
import { createVirtualClock } from '../../test/support/virtual-clock.js';

const QUOTA = 60;
const WINDOW_MS = 60_000;
const WINDOWS = 5;
const WORKERS = 20;

const CHAT_PATH = '/api/v7/llm/chat/completions';
const CHAT_BODY = JSON.stringify({ model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'hi' }] });
const chat: HttpRequest = {
  method: 'POST',
  url: CHAT_PATH,
  json: JSON.parse(CHAT_BODY),
  credential: { name: 'generationKey', placement: 'bearer' },
  idempotency: 'unsafe',
  totalTimeoutMs: 10 * WINDOW_MS,
};

export interface ThroughputFigures {
  readonly governed: { readonly served: number; readonly fraction: number; readonly wire429: number };
  readonly naive: { readonly served: number; readonly fraction: number; readonly wire429: number };
}

export async function measureThroughput(): Promise<ThroughputFigures> {
  const emulator = await startEmulator({
    clock: 'manual',
    rateLimits: { generation: { limit: QUOTA, windowSeconds: WINDOW_MS / 1000 } },
  });
  const manual = emulator.clock as ManualClock;
  manual.set(Math.ceil(manual.now() / WINDOW_MS) * WINDOW_MS); // start on a window boundary
  const clock = createVirtualClock(manual);
  const { transport, close } = createUndiciTransport();
  const statuses = { governed: [] as number[], naive: [] as number[] };
  const counting = (into: number[]) =>
    clock.wrap(async (request) => {
      const response = await transport(request);
      into.push(response.status);
      return response;
    });
  const start = clock.now();
  const end = start + WINDOWS * WINDOW_MS;
  const served = { governed: 0, naive: 0 };

  const governed = new HttpClient({
    baseUrl: emulator.url,
    clock,
    transport: counting(statuses.governed),
    credentials: { generationKey: emulator.createAccount({ credits: 1000 }).apiKey },
  });
  const governedWorker = async () => {
    while (clock.now() < end) {
      await governed.request(chat);
      if (clock.now() <= end) served.governed += 1;
    }
  };

  const naiveSend = counting(statuses.naive);
  const naiveKey = emulator.createAccount({ credits: 1000 }).apiKey;
  const naiveWorker = async () => {
    while (clock.now() < end) {
      const response = await naiveSend({
        method: 'POST',
        url: new URL(CHAT_PATH, emulator.url),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${naiveKey}` },
        body: CHAT_BODY,
        timeoutMs: 30_000,
      });
      if (response.status === 200) {
        if (clock.now() <= end) served.naive += 1;
        continue;
      }
      const wait = parseRetryAfter(response.headers.get('retry-after'), {
        date: response.headers.get('date'),
        receivedAt: clock.now(),
      });
      await clock.sleep(wait ?? 1_000);
    }
  };

  await Promise.all([
    ...Array.from({ length: WORKERS }, governedWorker),
    ...Array.from({ length: WORKERS }, naiveWorker),
  ]);
  await close();
  await governed.close();
  await emulator.close();
  const possible = QUOTA * WINDOWS;
  const count429 = (list: number[]) => list.filter((status) => status === 429).length;
  return {
    governed: {
      served: served.governed,
      fraction: served.governed / possible,
      wire429: count429(statuses.governed),
    },
    naive: { served: served.naive, fraction: served.naive / possible, wire429: count429(statuses.naive) },
  };
}
