/**
 * The bed of the webhook tests: an emulator on real time made fast (an image job takes 80 ms and
 * publishes an eta of 1 s), a session whose every request is counted at the transport, and a
 * `node:http` server running the session's webhook receiver on loopback.
 * @module
 */
import { createServer } from 'node:http';
import { type Emulator, type EmulatorOptions, startEmulator } from 'generation-agent-toolkit-emulator';
import { connect, type Session } from '../../../src/auth/index.js';
import { createUndiciTransport } from '../../../src/http/index.js';
import {
  createWebhookReceiver,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from '../../../src/webhooks/index.js';
import { listenOnLoopback } from '../../support/loopback-server.js';

export const IMAGE = 'v7_images_text_to_image';
export const IMAGE_INPUT = { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' };

export interface WebhookBed {
  readonly emulator: Emulator;
  readonly session: Session;
  readonly receiver: WebhookReceiver;
  /** Where the receiver listens (its publicUrl). */
  readonly hookUrl: string;
  /** `METHOD /path` of every request the session sent. */
  readonly requests: string[];
  /** Requests whose path holds `/fetch`: the polls. */
  fetches(): number;
  close(): Promise<void>;
}

export interface WebhookBedOptions {
  readonly emulator?: EmulatorOptions;
  readonly receiver?: Omit<WebhookReceiverOptions, 'publicUrl'>;
  /** Where the service is told to deliver: another process's server, say. @default this bed's server */
  readonly publicUrl?: string;
  /** An emulator already running (a second session on it). */
  readonly shared?: { readonly emulator: Emulator; readonly apiKey: string };
}

export async function startWebhookBed(options: WebhookBedOptions = {}): Promise<WebhookBed> {
  const emulator =
    options.shared?.emulator ??
    (await startEmulator({ timeScale: 0.01, jobDurations: { image: 8 }, seed: 3, ...options.emulator }));
  const apiKey = options.shared?.apiKey ?? emulator.createAccount({ credits: 100 }).apiKey;
  const undici = createUndiciTransport();
  const requests: string[] = [];
  const session = await connect({
    baseUrl: emulator.url,
    apiKey,
    operations: { ids: [IMAGE] },
    discovery: { models: false },
    http: {
      transport: (request) => {
        requests.push(`${request.method} ${request.url.pathname}`);
        return undici.transport(request);
      },
    },
  });
  // Discovery goes through the same transport: count from the first call on.
  requests.length = 0;
  let receiver: WebhookReceiver | undefined;
  const server = await listenOnLoopback(createServer((req, res) => receiver?.nodeHandler(req, res)));
  const hookUrl = `${server.url}/hooks`;
  receiver = createWebhookReceiver(session, {
    // Wide, so that a delivery slowed by a loaded machine still comes first; tests of the
    // fallback set a short one.
    fallbackMarginMs: 5_000,
    ...options.receiver,
    publicUrl: options.publicUrl ?? hookUrl,
  });
  return {
    emulator,
    session,
    receiver,
    hookUrl,
    requests,
    fetches: () => requests.filter((line) => line.includes('/fetch')).length,
    async close() {
      await session.close();
      await undici.close();
      await server.close();
      if (!options.shared) await emulator.close();
    },
  };
}

/** Resolves when `condition` holds (checked every 5 ms); rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
