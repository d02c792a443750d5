/**
 * A session with a webhook receiver on a `node:http` server of its own, counting every request
 * it sends to the service and timing each delivery's arrival, for the webhooks benchmark.
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, createWebhookReceiver, type Session } from '../../src/index.js';

export interface ReceivingSession {
  readonly session: Session;
  /** Requests sent to the service, and those that were polls. */
  readonly counts: { requests: number; fetches: number };
  /** `performance.now()` at which each delivery reached the server, by its track id. */
  readonly arrivals: Map<string, number>;
  close(): Promise<void>;
}

export interface ReceivingSessionOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Without a receiver: the same session polling, as the baseline. @default true */
  readonly webhooks?: boolean;
  readonly fallbackMarginMs?: number;
}

export async function startReceivingSession(options: ReceivingSessionOptions): Promise<ReceivingSession> {
  const counts = { requests: 0, fetches: 0 };
  const arrivals = new Map<string, number>();
  const session = await connect({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    operations: { ids: ['v7_images_text_to_image'] },
    discovery: { models: false },
    http: {
      onEvent: (event) => {
        if (event.type !== 'request' || event.attempt !== 1) return;
        counts.requests += 1;
        if (event.url.includes('/fetch')) counts.fetches += 1;
      },
    },
  });
  // Counted from the first call on: discovery's requests go through the session too.
  counts.requests = 0;
  counts.fetches = 0;
  let server: Server | undefined;
  if (options.webhooks !== false) {
    let handler: ((req: never, res: never) => void) | undefined;
    server = createServer((req, res) => {
      arrivals.set(req.url?.split('/').at(-2) ?? '', performance.now());
      handler?.(req as never, res as never);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const receiver = createWebhookReceiver(session, {
      publicUrl: `http://127.0.0.1:${port}/hooks`,
      ...(options.fallbackMarginMs !== undefined ? { fallbackMarginMs: options.fallbackMarginMs } : {}),
    });
    handler = receiver.nodeHandler;
  }
  return {
    session,
    counts,
    arrivals,
    async close() {
      await session.close();
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
