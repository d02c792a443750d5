/**
 * Per-call cost of telemetry: `session.call()` of a synchronous operation on the emulator (in
 * this process), and `HttpClient.request()` against a plain server in its own process (where the
 * server costs nothing, the worst case for any overhead), each in three sessions or clients that
 * differ only in their telemetry.
 * @module
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { startEmulator } from 'generation-agent-toolkit-emulator';
import { openTelemetry } from '../../src/adapters/opentelemetry.js';
import { connect, type Session } from '../../src/auth/index.js';
import { HttpClient } from '../../src/http/index.js';
import type { Telemetry } from '../../src/telemetry/telemetry.js';
import { median } from '../support/stats.js';

export interface TelemetryCost {
  readonly target: string;
  readonly offMs: number;
  readonly noProviderMs: number;
  readonly onMs: number;
  readonly spansPerCall: number;
}

/** An exporter that drops what it is given: the cost measured is the toolkit's and the SDK's. */
const droppingExporter: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => {},
};

/** Counts the spans that end, as they end. */
function spanCounter(counted: { spans: number }): SpanProcessor {
  return {
    onStart: () => {},
    onEnd: () => {
      counted.spans += 1;
    },
    forceFlush: async () => {},
    shutdown: async () => {},
  };
}

/** A reader nobody collects from: instruments record into the SDK's aggregations. */
class IdleReader extends MetricReader {
  protected override async onShutdown() {}
  protected override async onForceFlush() {}
}

async function startPlainServer(): Promise<{ url: string; stop: () => void }> {
  const script = fileURLToPath(new URL('../overhead/plain-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('error', reject);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.stdin.end() };
}

async function meanOf(count: number, call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await call();
  return (performance.now() - started) / count;
}

type Variant = 'off' | 'noProvider' | 'on';

async function interleaved(
  calls: Record<Variant, () => Promise<unknown>>,
  rounds: number,
  callsPerRound: number,
): Promise<Record<Variant, number>> {
  const samples: Record<Variant, number[]> = { off: [], noProvider: [], on: [] };
  for (const call of Object.values(calls)) await meanOf(callsPerRound * 2, call); // warm up
  // Interleaved rounds in a rotating order, and the median round: a busy machine slows some
  // rounds, not one variant, and no variant always follows the one that leaves the most garbage.
  const entries = Object.entries(calls) as [Variant, () => Promise<unknown>][];
  for (let round = 0; round < rounds; round += 1)
    for (let index = 0; index < entries.length; index += 1) {
      const [name, call] = entries[(round + index) % entries.length] as [Variant, () => Promise<unknown>];
      samples[name].push(await meanOf(callsPerRound, call));
    }
  return { off: median(samples.off), noProvider: median(samples.noProvider), on: median(samples.on) };
}

/** The telemetry of each variant; `on` records into providers of the real SDK. */
function telemetries(counted: { spans: number }) {
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(droppingExporter), spanCounter(counted)],
  });
  const meterProvider = new MeterProvider({ readers: [new IdleReader()] });
  const variants: Record<Variant, Telemetry | false> = {
    off: false,
    // The global providers, none registered: the API's proxies hand out non-recording spans.
    noProvider: openTelemetry(),
    on: openTelemetry({ tracerProvider, meterProvider }),
  };
  return {
    variants,
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

export async function measureTelemetryCost(): Promise<TelemetryCost[]> {
  // What an application that traces registers: the active span follows the awaits.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const counted = { spans: 0 };
  const { variants, shutdown } = telemetries(counted);
  const plain = await startPlainServer();
  const emulator = await startEmulator({
    rateLimits: { generation: { limit: 1_000_000, windowSeconds: 60 } },
  });
  const sessions: Session[] = [];
  const clients: HttpClient[] = [];
  try {
    const account = emulator.createAccount({ credits: 1_000_000 });
    const open = async (telemetry: Telemetry | false) => {
      const session = await connect({
        baseUrl: emulator.url,
        apiKey: account.apiKey,
        operations: { ids: ['v7_llm_chat_completions'] },
        telemetry,
      });
      sessions.push(session);
      return () =>
        session.call('v7_llm_chat_completions', {
          model: 'llama-3.1-8b',
          messages: [{ role: 'user', content: 'Say hi.' }],
        });
    };
    const sessionCalls = {
      off: await open(variants.off),
      noProvider: await open(variants.noProvider),
      on: await open(variants.on),
    };
    const spansBefore = counted.spans;
    await sessionCalls.on();
    const sessionSpans = counted.spans - spansBefore;
    const session = await interleaved(sessionCalls, 21, 30);

    const request = (telemetry: Telemetry | false) => {
      const client = new HttpClient({
        baseUrl: plain.url,
        credentials: { generationKey: 'gk_benchmarkbenchmarkbenchmark' },
        ...(telemetry ? { telemetry } : {}),
      });
      clients.push(client);
      return () =>
        client.request({
          method: 'GET',
          url: '/api/v7/models',
          credential: { name: 'generationKey', placement: 'bearer' },
          idempotency: 'safe',
        });
    };
    const client = await interleaved(
      { off: request(variants.off), noProvider: request(variants.noProvider), on: request(variants.on) },
      31,
      100,
    );
    return [
      {
        target: 'session.call(), synchronous operation on the emulator',
        offMs: session.off,
        noProviderMs: session.noProvider,
        onMs: session.on,
        spansPerCall: sessionSpans,
      },
      {
        target: 'HttpClient.request(), plain server',
        offMs: client.off,
        noProviderMs: client.noProvider,
        onMs: client.on,
        spansPerCall: 1,
      },
    ];
  } finally {
    for (const session of sessions) await session.close();
    for (const client of clients) await client.close();
    plain.stop();
    await emulator.close();
    await shutdown();
    context.disable();
  }
}
