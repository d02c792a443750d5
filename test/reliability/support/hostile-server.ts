/**
 * An HTTP server that answers whatever a test plans, byte for byte: any status, any header (even
 * ones a well-behaved server refuses to write), a body cut short of its Content-Length, a body
 * dripped slowly, a connection reset, or silence. Every request it receives is recorded, so the
 * same server also plays the attacker a credential must never reach.
 * @module
 */
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback, type ReceivedRequest, receive } from '../../support/loopback-server.js';

/** How an answer is delivered. */
export type Delivery =
  /** The whole answer, then the connection closes. */
  | 'whole'
  /** The head with a Content-Length larger than the body, half the body, then a reset. */
  | 'truncated'
  /** The answer in small pieces, `dripDelayMs` apart. */
  | 'drip'
  /** The connection is destroyed before a byte is answered. */
  | 'reset'
  /** Nothing, ever (the client's timeout must end it). */
  | 'silent';

export interface PlannedAnswer {
  readonly status: number;
  readonly headers: readonly (readonly [name: string, value: string])[];
  readonly body: string | Uint8Array;
  readonly delivery: Delivery;
  /** For `drip`: real milliseconds between pieces. @default 20 */
  readonly dripDelayMs?: number;
  /** Leave out Content-Length (the body then ends with the connection). */
  readonly omitLength?: boolean;
}

export type { ReceivedRequest };

export interface HostileServer {
  readonly url: string;
  /** Answers for the next requests, in order; once they run out, every request is reset. */
  plan(answers: readonly PlannedAnswer[]): void;
  /** Requests received since the last take. */
  take(): ReceivedRequest[];
  close(): Promise<void>;
}

const REASONS: Record<number, string> = { 200: 'OK', 404: 'Not Found', 500: 'Internal Server Error' };

function head(answer: PlannedAnswer, length: number): Buffer {
  const lines = [`HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Whatever'}`];
  for (const [name, value] of answer.headers) lines.push(`${name}: ${value}`);
  if (!answer.omitLength) lines.push(`Content-Length: ${length}`);
  lines.push('Connection: close', '', '');
  // latin1: header bytes go out exactly as planned, whatever they are.
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

function deliver(socket: Socket, answer: PlannedAnswer, timers: Set<NodeJS.Timeout>): void {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : Buffer.from(answer.body);
  switch (answer.delivery) {
    case 'reset':
      socket.destroy();
      return;
    case 'silent':
      return;
    case 'truncated':
      socket.write(head(answer, body.length + 100));
      socket.write(body.subarray(0, Math.floor(body.length / 2)));
      socket.destroy();
      return;
    case 'drip': {
      const bytes = Buffer.concat([head(answer, body.length), body]);
      const pieces = 8;
      const size = Math.ceil(bytes.length / pieces);
      for (let index = 0; index < pieces; index += 1) {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            if (socket.destroyed) return;
            const piece = bytes.subarray(index * size, (index + 1) * size);
            if (index === pieces - 1) socket.end(piece);
            else socket.write(piece);
          },
          (answer.dripDelayMs ?? 20) * index,
        );
        timers.add(timer);
      }
      return;
    }
    case 'whole':
      socket.end(Buffer.concat([head(answer, body.length), body]));
  }
}

export async function startHostileServer(): Promise<HostileServer> {
  let planned: PlannedAnswer[] = [];
  let received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request) => {
    receive(request, (got) => {
      received.push(got);
      const answer = planned.shift();
      if (!answer) request.socket.destroy();
      else deliver(request.socket, answer, timers);
    });
  });
  // Resets are this server's trade: a socket's errors end it, they do not crash the test.
  server.on('connection', (socket) => socket.on('error', () => undefined));
  server.on('clientError', (_error, socket) => socket.destroy());
  const listening = await listenOnLoopback(server, () => {
    for (const timer of timers) clearTimeout(timer);
  });
  return {
    ...listening,
    plan(answers) {
      planned = [...answers];
    },
    take() {
      const taken = received;
      received = [];
      return taken;
    },
  };
}
