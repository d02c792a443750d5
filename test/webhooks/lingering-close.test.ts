/**
 * A sender refused before its body was read, and still writing, reads its answer: the receiver's
 * Node handler reads and drops the rest for a bounded moment before closing (a lingering close).
 * Closing at once sent a reset, and the sender lost the 404 before it read it (`write EPIPE`,
 * nothing read), which on a loaded machine made `f6-receiver-strangers`'s trickle test flaky.
 */
import { createServer, type Server } from 'node:http';
import { connect as connectSocket, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { toNodeHandler } from '../../src/webhooks/node-handler.js';

let server: Server | undefined;
let socket: Socket | undefined;

afterEach(() => {
  socket?.destroy();
  server?.close();
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

it('a sender still writing when it is refused reads the refusal', async () => {
  const refuse = toNodeHandler(async () => new Response(null, { status: 404 }), {
    publicUrl: 'http://127.0.0.1/',
  });
  server = createServer(refuse);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const sender = connectSocket(port, '127.0.0.1');
  socket = sender;
  await new Promise((resolve) => sender.once('connect', resolve));
  let failure: unknown;
  sender.on('error', (error) => {
    failure = error;
  });
  sender.write(
    'POST /hooks/unknown HTTP/1.1\r\nHost: receiver\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
  );
  // The sender reads nothing until it has written a while longer, as a slow or busy one does.
  sender.pause();
  for (let round = 0; round < 10; round++) {
    await delay(30);
    if (!sender.destroyed) sender.write(Buffer.alloc(1000, 0x61));
  }
  const received: Buffer[] = [];
  sender.on('data', (chunk: Buffer) => received.push(chunk));
  sender.resume();
  await delay(100);
  expect(failure).toBeUndefined();
  expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 404 /);
});
