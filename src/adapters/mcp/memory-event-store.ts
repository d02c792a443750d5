import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import { eventIdOf, isPrimingEvent, parseEventId, unknownEventId } from './event-id.js';

/**
 * Settings of a {@link MemoryMcpEventStore}: how much of the streams it keeps.
 *
 * @example
 * new MemoryMcpEventStore({ maxStreams: 200, ttlMs: 300_000 });
 */
export interface MemoryMcpEventStoreOptions {
  /** Streams kept at once; the oldest goes first. @default 1000 */
  readonly maxStreams?: number;
  /** Events kept per stream; past it, the oldest go (a client that comes back that late starts over). @default 500 */
  readonly maxEventsPerStream?: number;
  /** Bytes of messages kept in all, as JSON; past it, the oldest streams go. @default 16777216 (16 MiB) */
  readonly maxBytes?: number;
  /** How long a stream is kept after its last event, in ms. @default 600000 (10 minutes) */
  readonly ttlMs?: number;
  /** The clock, for tests. @default Date.now */
  readonly now?: () => number;
}

interface StoredStream {
  readonly events: Array<{
    readonly sequence: number;
    readonly message: JSONRPCMessage;
    readonly bytes: number;
  }>;
  next: number;
  bytes: number;
  touched: number;
}

/**
 * The event store of the MCP endpoint's 2025-11-25 streams, in this process's memory, bounded in
 * streams, events, bytes and time: what lets a client whose response stream broke mid-call
 * reconnect with `Last-Event-ID` and receive the progress it missed and the result. It implements
 * the MCP SDK's `EventStore`; give `createMcpHttpHandler` a shared one for a fleet.
 *
 * @example
 * createMcpHttpHandler(factory, { eventStore: new MemoryMcpEventStore({ maxStreams: 200 }) });
 */
export class MemoryMcpEventStore implements EventStore {
  readonly #streams = new Map<StreamId, StoredStream>();
  readonly #maxStreams: number;
  readonly #maxEvents: number;
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: MemoryMcpEventStoreOptions = {}) {
    this.#maxStreams = Math.max(1, options.maxStreams ?? 1_000);
    this.#maxEvents = Math.max(1, options.maxEventsPerStream ?? 500);
    this.#maxBytes = Math.max(1, options.maxBytes ?? 16 * 1024 * 1024);
    this.#ttlMs = Math.max(1, options.ttlMs ?? 600_000);
    this.#now = options.now ?? Date.now;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const now = this.#now();
    this.#expire(now);
    let stream = this.#streams.get(streamId);
    if (stream) this.#streams.delete(streamId);
    stream ??= { events: [], next: 0, bytes: 0, touched: now };
    // Most recently written last: the Map's order is the eviction order.
    this.#streams.set(streamId, stream);
    const bytes = JSON.stringify(message).length;
    const sequence = stream.next++;
    stream.events.push({ sequence, message, bytes });
    stream.bytes += bytes;
    stream.touched = now;
    this.#bytes += bytes;
    while (stream.events.length > this.#maxEvents) this.#dropOldestEvent(stream);
    while (this.#streams.size > this.#maxStreams || (this.#bytes > this.#maxBytes && this.#streams.size > 1))
      this.#dropOldestStream();
    return eventIdOf(streamId, sequence);
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const parsed = parseEventId(eventId);
    return parsed && this.#streams.has(parsed.streamId) ? parsed.streamId : undefined;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    this.#expire(this.#now());
    const parsed = parseEventId(lastEventId);
    const stream = parsed && this.#streams.get(parsed.streamId);
    if (!parsed || !stream) throw unknownEventId();
    // A copy: sending may take a while, and the stream may grow meanwhile.
    for (const event of stream.events.filter((event) => event.sequence > parsed.sequence)) {
      if (isPrimingEvent(event.message)) continue;
      await send(eventIdOf(parsed.streamId, event.sequence), event.message);
    }
    return parsed.streamId;
  }

  #expire(now: number): void {
    for (const [id, stream] of this.#streams) {
      if (now - stream.touched < this.#ttlMs) break;
      this.#bytes -= stream.bytes;
      this.#streams.delete(id);
    }
  }

  #dropOldestEvent(stream: StoredStream): void {
    const dropped = stream.events.shift();
    if (!dropped) return;
    stream.bytes -= dropped.bytes;
    this.#bytes -= dropped.bytes;
  }

  #dropOldestStream(): void {
    const oldest = this.#streams.entries().next().value;
    if (!oldest) return;
    this.#streams.delete(oldest[0]);
    this.#bytes -= oldest[1].bytes;
  }
}
