/** What every MCP event store must do, checked the same way for the memory and the Redis one. @module */
import type { EventStore } from '@modelcontextprotocol/server';
import { expect } from 'vitest';

export const progressMessage = (id: number) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/progress',
  params: { id },
});

/** The messages the store replays after `after`. */
export async function replayed(store: EventStore, after: string): Promise<unknown[]> {
  const seen: unknown[] = [];
  await store.replayEventsAfter(after, { send: async (_, sent) => void seen.push(sent) });
  return seen;
}

/** Replays what followed an event, skipping the priming event, and refuses ids it did not make. */
export async function checkReplay(store: EventStore): Promise<void> {
  const priming = await store.storeEvent('stream-a', {} as never);
  await store.storeEvent('stream-a', progressMessage(1));
  const second = await store.storeEvent('stream-a', progressMessage(2));
  await store.storeEvent('stream-b', progressMessage(9));
  expect(await replayed(store, priming)).toEqual([progressMessage(1), progressMessage(2)]);
  expect(await replayed(store, second)).toEqual([]);
  expect(await store.getStreamIdForEventId?.(second)).toBe('stream-a');
  for (const foreign of ['', 'nothing', 'stream-c~1', 'stream-a~-1', `${'x'.repeat(500)}~1`])
    await expect(replayed(store, foreign)).rejects.toThrow(/not kept/);
}

/**
 * With maxStreams 2, maxEventsPerStream 3, maxBytes 2,000 and a TTL of 600,000 ms on the clock
 * `clock`: keeps the bounds, and forgets streams after their TTL.
 */
export async function checkBounds(store: EventStore, clock: { now: number }): Promise<void> {
  const first = await store.storeEvent('one', progressMessage(0));
  for (let index = 1; index < 10; index += 1) await store.storeEvent('one', progressMessage(index));
  // Only the last three events are kept: a late client gets those.
  expect(await replayed(store, first)).toEqual([progressMessage(7), progressMessage(8), progressMessage(9)]);
  const kept = await store.storeEvent('two', progressMessage(0));
  await store.storeEvent('three', progressMessage(0));
  await expect(replayed(store, first)).rejects.toThrow(/not kept/);
  expect(await store.getStreamIdForEventId?.(kept)).toBe('two');
  await store.storeEvent('big', { jsonrpc: '2.0', method: 'x', params: { text: 'y'.repeat(3_000) } });
  expect(await store.getStreamIdForEventId?.(kept)).toBeUndefined();
  const fresh = await store.storeEvent('fresh', progressMessage(1));
  clock.now += 600_001;
  await expect(replayed(store, fresh)).rejects.toThrow(/not kept/);
}
