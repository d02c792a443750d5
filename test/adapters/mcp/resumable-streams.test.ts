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
  const message = (id: number) => ({
    jsonrpc: '2.0' as const,
    method: 'notifications/progress',
    params: { id },
  });
  const replayed = async (store: MemoryMcpEventStore, after: string) => {
    const seen: unknown[] = [];
    await store.replayEventsAfter(after, { send: async (_, sent) => void seen.push(sent) });
    return seen;
  };

  it('replays what followed an event, skipping the priming event, and refuses ids it did not make', async () => {
    const store = new MemoryMcpEventStore();
    const priming = await store.storeEvent('stream-a', {} as never);
    await store.storeEvent('stream-a', message(1));
    const second = await store.storeEvent('stream-a', message(2));
    await store.storeEvent('stream-b', message(9));
    expect(await replayed(store, priming)).toEqual([message(1), message(2)]);
    expect(await replayed(store, second)).toEqual([]);
    expect(await store.getStreamIdForEventId(second)).toBe('stream-a');
    for (const foreign of ['', 'nothing', 'stream-c~1', 'stream-a~-1', `${'x'.repeat(500)}~1`])
      await expect(replayed(store, foreign)).rejects.toThrow(/not kept/);
  });

  it('keeps streams, events and bytes within bounds, and forgets streams after their TTL', async () => {
    let now = 0;
    const store = new MemoryMcpEventStore({
      maxStreams: 2,
      maxEventsPerStream: 3,
      maxBytes: 2_000,
      now: () => now,
    });
    const first = await store.storeEvent('one', message(0));
    for (let index = 1; index < 10; index += 1) await store.storeEvent('one', message(index));
    // Only the last three events are kept: a late client gets those.
    const kept = await store.storeEvent('two', message(0));
    await store.storeEvent('three', message(0));
    await expect(replayed(store, first)).rejects.toThrow(/not kept/);
    expect(await store.getStreamIdForEventId(kept)).toBe('two');
    await store.storeEvent('big', { jsonrpc: '2.0', method: 'x', params: { text: 'y'.repeat(3_000) } });
    expect(await store.getStreamIdForEventId(kept)).toBeUndefined();
    now += 600_001;
    await store.storeEvent('fresh', message(1));
    await expect(replayed(store, kept)).rejects.toThrow(/not kept/);
  });
});
