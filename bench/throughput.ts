/**
 * Throughput under a quota: 50 concurrent callers for five quota windows, through a session of
 * the toolkit (its rate-limit governor paces the calls), against 50 naive callers on another
 * account of the same emulator, in the same run. The naive caller fires at once and, as the
 * official CLI does, retries a 429 three times (after its Retry-After) before giving the call up.
 * The emulator runs on a manual clock that jumps whenever every caller is waiting, so five minutes
 * of quota take a few seconds and the figures do not depend on the machine's speed.
 *
 * Run: npx tsx bench/throughput.ts
 * @module
 */
import { type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { createUndiciTransport, parseRetryAfter, type Transport } from '../src/http/index.js';
import { connect } from '../src/index.js';
import { createVirtualClock, type VirtualClock } from '../test/support/virtual-clock.js';
import { type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';

/** The emulator's default generation quota: 60 requests a minute. */
const QUOTA = 60;
const WINDOW_MS = 60_000;
const WINDOWS = 5;
const CALLERS = 50;
/** Retries of a 429 before the naive caller gives the call up (the official CLI's three). */
const NAIVE_RETRIES = 3;

const CHAT_PATH = '/api/v7/llm/chat/completions';
const CHAT_INPUT = { model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'hi' }] };

interface Tally {
  /** Calls answered within the measured windows. */
  served: number;
  /** Calls given up or failed with an error. */
  failed: number;
  /** Calls whose first attempt met a 429: each one an error through the official SDK, which has no 429 handling. */
  met429: number;
  /** HTTP statuses on the wire within the measured windows. */
  readonly statuses: number[];
}

const newTally = (): Tally => ({ served: 0, failed: 0, met429: 0, statuses: [] });

/**
 * A transport that records each status answered before `end` and holds virtual time still while
 * a request is on the wire.
 */
function counting(clock: VirtualClock, transport: Transport, into: Tally, end: () => number): Transport {
  return clock.wrap(async (request) => {
    const response = await transport(request);
    if (clock.now() < end()) into.statuses.push(response.status);
    return response;
  });
}

/** One naive call: send, and on 429 wait out Retry-After and send again, up to NAIVE_RETRIES times. */
async function naiveCall(
  send: Transport,
  clock: VirtualClock,
  url: URL,
  key: string,
): Promise<'served' | 'met 429' | 'failed'> {
  let met429 = false;
  for (let attempt = 0; attempt <= NAIVE_RETRIES; attempt += 1) {
    const response = await send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(CHAT_INPUT),
      timeoutMs: 30_000,
    });
    if (response.status === 200) return met429 ? 'met 429' : 'served';
    if (response.status !== 429) return 'failed';
    met429 = true;
    const wait = parseRetryAfter(response.headers.get('retry-after'), {
      date: response.headers.get('date'),
      receivedAt: clock.now(),
    });
    await clock.sleep(wait ?? 1_000);
  }
  return 'failed';
}

export async function run(): Promise<BenchSection> {
  const emulator = await startEmulator({
    clock: 'manual',
    rateLimits: { generation: { limit: QUOTA, windowSeconds: WINDOW_MS / 1000 } },
  });
  const manual = emulator.clock as ManualClock;
  manual.set(Math.ceil(manual.now() / WINDOW_MS) * WINDOW_MS); // start on a window boundary
  const clock = createVirtualClock(manual);
  const { transport, close } = createUndiciTransport();
  const governed = newTally();
  const naive = newTally();
  let end = Number.POSITIVE_INFINITY;
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: emulator.createAccount({ credits: 1000 }).apiKey,
    http: { clock, transport: counting(clock, transport, governed, () => end) },
  });
  // Discovery's documents are not generation calls: count from here on.
  governed.statuses.length = 0;
  // A call answered at `end` itself counts against the sixth window, not the five measured.
  end = clock.now() + WINDOWS * WINDOW_MS;

  const governedCaller = async () => {
    while (clock.now() < end) {
      try {
        await session.call('v7_llm_chat_completions', CHAT_INPUT);
        if (clock.now() < end) governed.served += 1;
      } catch {
        governed.failed += 1;
      }
    }
  };
  const naiveSend = counting(clock, transport, naive, () => end);
  const naiveKey = emulator.createAccount({ credits: 1000 }).apiKey;
  const chatUrl = new URL(CHAT_PATH, emulator.url);
  const naiveCaller = async () => {
    while (clock.now() < end) {
      const outcome = await naiveCall(naiveSend, clock, chatUrl, naiveKey);
      if (clock.now() >= end) break;
      if (outcome === 'failed') naive.failed += 1;
      else naive.served += 1;
      if (outcome === 'met 429') naive.met429 += 1;
    }
  };

  try {
    await Promise.all([
      ...Array.from({ length: CALLERS }, governedCaller),
      ...Array.from({ length: CALLERS }, naiveCaller),
    ]);
  } finally {
    await session.close();
    await close();
    await emulator.close();
  }
  const possible = QUOTA * WINDOWS;
  const count429 = (tally: Tally) => tally.statuses.filter((status) => status === 429).length;
  const naiveName = `naive client (fires, retries a 429 ${NAIVE_RETRIES} times)`;
  return {
    id: 'throughput',
    title: `Throughput under a quota (${QUOTA}/min, ${WINDOWS} min, ${CALLERS} callers)`,
    figures: [
      figure({
        name: 'share of the quota used',
        value: (100 * governed.served) / possible,
        unit: '%',
        baseline: { name: naiveName, value: (100 * naive.served) / possible },
      }),
      figure({
        name: '429 answers received',
        value: count429(governed),
        unit: '429s',
        baseline: { name: naiveName, value: count429(naive) },
        pass: count429(governed) === 0,
      }),
      figure({
        name: 'calls that failed',
        value: governed.failed,
        unit: 'calls',
        baseline: { name: naiveName, value: naive.failed },
        pass: governed.failed === 0,
      }),
      figure({
        name: 'calls that met a 429 (each an error through the official SDK)',
        value: governed.met429,
        unit: 'calls',
        baseline: { name: naiveName, value: naive.met429 },
      }),
      figure({
        name: 'requests sent per call served',
        value: governed.statuses.length / Math.max(1, governed.served),
        unit: 'requests',
        baseline: { name: naiveName, value: naive.statuses.length / Math.max(1, naive.served) },
      }),
    ],
  };
}

await runDirectly(import.meta.url, run);
