/**
 * The event ids of both MCP event stores are read by one parser (the review of issue 26: the Redis
 * store had a copy of the memory store's): what each store makes, the other reads alike, and
 * foreign ids are nobody's.
 */
import { describe, expect, it } from 'vitest';
import { eventIdOf, parseEventId } from '../../../src/adapters/mcp/event-id.js';
import { MemoryMcpEventStore } from '../../../src/adapters/mcp/memory-event-store.js';

describe('MCP event ids', () => {
  it('name the stream and the sequence, and read back', () => {
    const streamId = '5d3c2b1a-0000-4000-8000-000000000001';
    expect(parseEventId(eventIdOf(streamId, 7))).toEqual({ streamId, sequence: 7 });
    // A stream id may hold the separator: the sequence is after the last one.
    expect(parseEventId(eventIdOf('a~b', 0))).toEqual({ streamId: 'a~b', sequence: 0 });
  });

  it('refuse what no store made', () => {
    for (const foreign of [
      undefined,
      42,
      '',
      '~3',
      'stream',
      'stream~',
      'stream~-1',
      'stream~1.5',
      `${'s'.repeat(200)}~1`,
    ])
      expect(parseEventId(foreign), String(foreign)).toBeUndefined();
    // A store may refuse stream ids it cannot keep (Redis: only ids it can put in a key).
    expect(parseEventId('a b~1', (id) => /^[\w-]+$/.test(id))).toBeUndefined();
    expect(parseEventId('a b~1')).toEqual({ streamId: 'a b', sequence: 1 });
  });

  it('are what the memory store gives and replays from', async () => {
    const store = new MemoryMcpEventStore();
    await store.storeEvent('stream-1', {} as never);
    const first = await store.storeEvent('stream-1', { jsonrpc: '2.0', method: 'a' } as never);
    const second = await store.storeEvent('stream-1', { jsonrpc: '2.0', method: 'b' } as never);
    expect(parseEventId(first)).toEqual({ streamId: 'stream-1', sequence: 1 });
    const sent: string[] = [];
    await store.replayEventsAfter(eventIdOf('stream-1', 0), { send: async (id) => void sent.push(id) });
    expect(sent).toEqual([first, second]);
    await expect(store.replayEventsAfter('nobody~1', { send: async () => {} })).rejects.toThrow(
      /Unknown event id/,
    );
  });
});
