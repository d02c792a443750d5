/**
 * Which transports are the toolkit's own (undici or the platform's `fetch`, chosen by
 * `createDefaultTransport`), as against one the caller gave (a proxy agent, a recording, a test
 * double). Only over its own does the toolkit swap the wire for a pinned one (`pinned-fetch.ts`)
 * where an address rule needs it; a caller's transport is used as given, and its resolution is
 * the caller's.
 * @module
 */
import type { Transport } from './transport.js';

const BUILT_IN = new WeakSet<Transport>();

/** Marks `transport` as resting on the toolkit's default wire. */
export function markBuiltInTransport<T extends Transport>(transport: T): T {
  BUILT_IN.add(transport);
  return transport;
}

/** Whether `transport` rests on the toolkit's default wire rather than one the caller gave. */
export function isBuiltInTransport(transport: Transport | undefined): boolean {
  return transport !== undefined && BUILT_IN.has(transport);
}
