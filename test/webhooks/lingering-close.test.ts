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

/** A receiver that refuses everything without reading it, and a raw connection to it. */
async function refusingReceiver(): Promise<Socket> {
  const refuse = toNodeHandler(async () => new Response(null, { status: 404 }), {
    publicUrl: 'http://127.0.0.1/',
  });
  server = createServer(refuse);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const sender = connectSocket(port, '127.0.0.1');
  socket = sender;
  await new Promise((resolve) => sender.once('connect', resolve));
  return sender;
}

it('a sender still writing when it is refused reads the refusal', async () => {
  const sender = await refusingReceiver();
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

it('a body that ends while it is dropped leaves the connection open for the next request', async () => {
  const sender = await refusingReceiver();
  const received: Buffer[] = [];
  sender.on('data', (chunk: Buffer) => received.push(chunk));
  sender.write(
    'POST /hooks/unknown HTTP/1.1\r\nHost: receiver\r\nContent-Type: application/json\r\nContent-Length: 6000\r\n\r\n',
  );
  // Six pieces, each a while after the last: every one must be read and dropped, not only the first.
  for (let piece = 0; piece < 6; piece++) {
    await delay(100);
    sender.write(Buffer.alloc(1000, 0x61));
  }
  sender.write('GET /hooks/other HTTP/1.1\r\nHost: receiver\r\n\r\n');
  for (let waited = 0; waited < 50 && answers(received) < 2; waited++) await delay(20);
  expect(answers(received)).toBe(2);
});

function answers(received: readonly Buffer[]): number {
  return Buffer.concat(received).toString('latin1').split('HTTP/1.1 404 ').length - 1;
}
