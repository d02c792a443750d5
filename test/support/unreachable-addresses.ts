/**
 * Addresses where no service answers, each in its own way: a port nothing listens on (refused)
 * and a server that accepts connections and never says a word (timed out).
 * @module
 */

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type LoopbackServer, listenOnLoopback } from './loopback-server.js';

/** A loopback port that was free a moment ago and that nothing listens on: connecting is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A loopback server that accepts every connection and never answers. */
export function silentServer(): Promise<LoopbackServer> {
  return listenOnLoopback(createServer((socket) => socket.on('error', () => undefined)));
}
