/**
 * Resumable 2025-11-25 streams: an SDK 1.x client whose response stream breaks in the middle of a
 * video call reconnects with `Last-Event-ID` and receives the progress it missed and the result,
 * from this instance or from another sharing the event store; and the memory event store's bounds.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMcpServerFactory,
  type McpHttpListener,
  MemoryMcpEventStore,
  serveMcpHttp,
} from '../../../src/adapters/mcp.js';
import { flakyFetch } from './broken-stream.js';
import { checkBounds, checkReplay } from './event-store-checks.js';
import { envelopeOf, startTestBed, type TestBed } from './support.js';

const VIDEO = 'v8_video_text_to_video';

let bed: TestBed;
const listeners: McpHttpListener[] = [];

beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
  await bed.close();
});

async function videoOverBrokenStream(url: string, resumeAt?: string, timeout = 20_000) {
  const flaky = flakyFetch(resumeAt);
  const client = new Client({ name: 'resume-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: flaky.fetch }));
  const progress: Progress[] = [];
  const result = await client.callTool(
    { name: VIDEO, arguments: { model_id: 'veo-3', prompt: 'rain on a window' } },
    undefined,
    { onprogress: (event) => progress.push(event), timeout },
  );
  await client.close();
  return { result, progress, reconnections: flaky.reconnections };
}

describe('resumable streams for 2025-11-25 clients', () => {
  it('gives an SDK 1.x client whose stream broke mid-call the progress it missed and the result', async () => {
    const factory = createMcpServerFactory(bed.session, { mode: 'typed', waitMs: 300_000 });
    const listener = await serveMcpHttp(factory, { sseRetryMs: 20 });
    listeners.push(listener);
    const { result, progress, reconnections } = await videoOverBrokenStream(listener.url);
    expect(reconnections).toHaveLength(1);
    expect(envelopeOf(result)).toMatchObject({ ok: true, status: 'success' });
    // The whole ninety seconds reached the client: what came before the break, and after it.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)?.progress).toBeGreaterThanOrEqual(90);
  }, 30_000);

  it('resumes on another instance that shares the event store', async () => {
    const eventStore = new MemoryMcpEventStore();
    const factory = createMcpServerFactory(bed.session, { mode: 'typed', waitMs: 300_000 });
    const first = await serveMcpHttp(factory, { eventStore, sseRetryMs: 20 });
    const second = await serveMcpHttp(factory, { eventStore, sseRetryMs: 20 });
    listeners.push(first, second);
    const { result, progress, reconnections } = await videoOverBrokenStream(first.url, second.url);
    expect(reconnections).toHaveLength(1);
    expect(envelopeOf(result)).toMatchObject({ ok: true, status: 'success' });
    expect(progress.at(-1)?.progress).toBeGreaterThanOrEqual(90);
  }, 30_000);

  it('ends a call whose stream broke when resumption is off', async () => {
    const factory = createMcpServerFactory(bed.session, { mode: 'typed', waitMs: 300_000 });
    const listener = await serveMcpHttp(factory, { eventStore: false });
    listeners.push(listener);
    // Nothing tells the client where to resume: it waits out its timeout.
    await expect(videoOverBrokenStream(listener.url, undefined, 1_000)).rejects.toThrow(/timed out/i);
  }, 30_000);
});

describe('MemoryMcpEventStore', () => {
  it('replays what followed an event, skipping the priming event, and refuses ids it did not make', async () => {
    await checkReplay(new MemoryMcpEventStore());
  });

  it('keeps streams, events and bytes within bounds, and forgets streams after their TTL', async () => {
    const clock = { now: 0 };
    const store = new MemoryMcpEventStore({
      maxStreams: 2,
      maxEventsPerStream: 3,
      maxBytes: 2_000,
      now: () => clock.now,
    });
    await checkBounds(store, clock);
  });
});
