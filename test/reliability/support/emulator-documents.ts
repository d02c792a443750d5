/**
 * The emulator's published documents, served from a test's own server: the same operations and
 * schemas at the test server's origin, whose API answers are the test's to make.
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';

/** Answers `request` with the emulator's document at the same path, its origin moved to `origin`. */
export async function answerWithEmulatorDocument(
  emulator: Emulator,
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<void> {
  const upstream = await fetch(`${emulator.url}${request.url ?? '/'}`, {
    headers: { accept: request.headers.accept ?? '*/*' },
  });
  const text = (await upstream.text()).replaceAll(emulator.url, origin);
  response
    .writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' })
    .end(text);
}

/** A service whose documents are the emulator's and whose API (`/api/...`) is `answerApi`. */
export interface HostileApiService {
  readonly emulator: Emulator;
  readonly server: LoopbackServer;
  close(): Promise<void>;
}

/** Starts an emulator on a manual clock and a server of the test's in front of it; see {@link HostileApiService}. */
export async function startServiceWithApi(
  answerApi: (request: IncomingMessage, response: ServerResponse, origin: string) => void,
): Promise<HostileApiService> {
  const emulator = await startEmulator({ clock: 'manual' });
  const server = await listenOnLoopback(
    createServer((request, response) => {
      const origin = `http://${request.headers.host}`;
      if ((request.url ?? '').startsWith('/api/')) answerApi(request, response, origin);
      else void answerWithEmulatorDocument(emulator, request, response, origin);
    }),
  );
  return {
    emulator,
    server,
    close: async () => {
      await server.close();
      await emulator.close();
    },
  };
}
