/**
 * A loopback server that starts every answer (200, JSON) and then trickles it a byte at a time,
 * never ending it: the slowloris publisher that a time limit must cut.
 * @module
 */

import { createServer } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from './loopback-server.js';

export function tricklingServer(): Promise<LoopbackServer> {
  const timers = new Set<NodeJS.Timeout>();
  return listenOnLoopback(
    createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"openapi":"3.1.0","x":"');
      const timer = setInterval(() => response.write('a'), 50);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
    }),
    () => {
      for (const timer of timers) clearInterval(timer);
    },
  );
}
