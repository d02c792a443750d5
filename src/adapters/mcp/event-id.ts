/**
 * The event ids of the toolkit's MCP event stores (memory and Redis): the stream's id, `~`, the
 * event's sequence in the stream, so that a `Last-Event-ID` names both the stream to resume and
 * where in it. One reading for both stores, so an id one makes the other reads alike.
 * @module
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/server';

const SEPARATOR = '~';
/** Longest event id the stores make: a stream id (a UUID) and a counter. Longer ones are not ours. */
const MAX_EVENT_ID_LENGTH = 200;

/** A stream's event and where it is: what an event id names. */
export interface EventPlace {
  readonly streamId: string;
  readonly sequence: number;
}

/** The id of the event at `sequence` in stream `streamId`. */
export function eventIdOf(streamId: string, sequence: number): string {
  return `${streamId}${SEPARATOR}${sequence}`;
}

/**
 * The stream and sequence an event id names, or undefined for an id the stores did not make (not
 * text, too long, no sequence, or a stream id `acceptsStream` refuses: Redis keeps only ids it can
 * put in a key).
 */
export function parseEventId(
  eventId: unknown,
  acceptsStream: (streamId: string) => boolean = () => true,
): EventPlace | undefined {
  if (typeof eventId !== 'string' || eventId.length > MAX_EVENT_ID_LENGTH) return undefined;
  const at = eventId.lastIndexOf(SEPARATOR);
  if (at <= 0) return undefined;
  const streamId = eventId.slice(0, at);
  // Digits only: `Number` would read "", " 1" or "1e3" as a sequence too.
  const digits = eventId.slice(at + 1);
  const sequence = Number(digits);
  if (!/^\d{1,15}$/.test(digits) || !acceptsStream(streamId)) return undefined;
  return { streamId, sequence };
}

/** What a replay of an event id whose stream is not kept throws (the SDK answers it to the client). */
export function unknownEventId(): Error {
  return new Error('Unknown event id: the stream is not kept (any more).');
}

/** The priming event a stream starts with (an empty message): it carries no data to replay. */
export function isPrimingEvent(message: JSONRPCMessage): boolean {
  return Object.keys(message).length === 0;
}
