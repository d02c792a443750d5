/**
 * A test's own HTTP server on a free loopback port, and a close that does not wait for its
 * clients: sockets still open (a hostile answer held half-written, a keep-alive connection) are
 * destroyed.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1; `beforeClose` stops what the server scheduled (timers). */
export async function listenOnLoopback(server: Server, beforeClose?: () => void): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        beforeClose?.();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A request as it reached a test's server. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/**
 * Reads `request` to its end, then hands it to `then`. A client that hangs up mid-body is what
 * some tests do on purpose: its error is not the server's.
 */
export function receive(request: IncomingMessage, then: (received: ReceivedRequest) => void): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('error', () => undefined);
  request.on('end', () =>
    then({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: { ...request.headers },
      body: Buffer.concat(chunks).toString('utf8'),
    }),
  );
}
