/**
 * The webhook receiver: attached to a session, it gives every asynchronous call a track of its
 * own (`track_id` and a callback URL carrying a per-job capability), answers the service's
 * deliveries, and resolves the waiting call with the same envelope a poll would give. Polling
 * stays the fallback for deliveries that never come.
 * @module
 */
import type { Session } from '../auth/session.js';
import { type OptionKeys, rejectUnknownOptions, UsageError } from '../errors/index.js';
import { createDeliveryHandler } from './delivery-handler.js';
import { MemoryWebhookStore } from './memory-webhook-store.js';
import { type NodeHandler, toNodeHandler } from './node-handler.js';
import { createSessionWebhooks } from './session-webhooks.js';
import type { WebhookStore } from './webhook-store.js';

/**
 * Settings of {@link createWebhookReceiver}: where the service reaches the receiver, where tracks
 * live, and the limits of the wait and of a delivery.
 *
 * @example
 * const options: WebhookReceiverOptions = {
 *   publicUrl: 'https://agent.example.com/webhooks',
 *   fallbackMarginMs: 5_000, // wait 5 s past the eta for a delivery before polling
 *   maxBodyBytes: 256 * 1024,
 * };
 * const session = await connect({ baseUrl: 'https://api.example.com', apiKey: process.env.GENTK_API_KEY });
 * const receiver = createWebhookReceiver(session, options);
 */
export interface WebhookReceiverOptions {
  /**
   * The address the service reaches the receiver at, as the world sees it (behind a proxy or a
   * tunnel, its public address). Each job's callback is `<publicUrl>/<track id>/<capability>`:
   * route every path under it to the receiver.
   */
  readonly publicUrl: string | URL;
  /**
   * Where tracks live. A shared store (Redis) lets one process receive what another waits for
   * or resumes. @default a new MemoryWebhookStore (this process only)
   */
  readonly store?: WebhookStore;
  /**
   * How long past the job's eta (or its family's first poll, without one) the call waits for a
   * delivery before it polls. @default 2000
   */
  readonly fallbackMarginMs?: number;
  /**
   * Largest delivery body accepted, in bytes; a larger one is refused with 413, read no further.
   * Only a delivery to a live track with its right capability is read at all: any other gets 404
   * with its body unread. @default 1048576
   */
  readonly maxBodyBytes?: number;
  /**
   * Most bytes of all delivery bodies being read at once; a delivery that would pass it gets 503
   * (with `Retry-After: 1`) and is read no further: many senders together cannot grow the
   * process past it. @default 16777216 (16 MiB)
   */
  readonly maxInFlightBytes?: number;
  /**
   * Longest a delivery's body may take to arrive, in ms of wall time (not the session's clock):
   * a sender that trickles is answered 408 and cut off. @default 10000
   */
  readonly bodyTimeoutMs?: number;
  /** How long a track is kept, for late deliveries and resumes, in ms. @default 86400000 (24 h) */
  readonly trackTtlMs?: number;
}

/** The receiving end, for any server: a Web-standard handler and a Node `(req, res)` one. */
export interface WebhookReceiver {
  /** The `publicUrl` it was made with, without a trailing slash. */
  readonly publicUrl: string;
  /** The store of its tracks. */
  readonly store: WebhookStore;
  /**
   * Answers one delivery: `(request: Request) => Promise<Response>` for Hono (`c.req.raw`),
   * Next.js route handlers, Bun and Deno. Never throws; never echoes what it was sent.
   */
  readonly handle: (request: Request) => Promise<Response>;
  /** The same for `node:http` and Express (mount it before any body parser). */
  readonly nodeHandler: NodeHandler;
}

const RECEIVER_OPTION_KEYS: OptionKeys<WebhookReceiverOptions> = {
  publicUrl: true,
  store: true,
  fallbackMarginMs: ['marginMs', 'fallbackMs'],
  maxBodyBytes: ['maxBytes', 'bodyLimit'],
  maxInFlightBytes: ['maxTotalBytes', 'inFlightBytes'],
  bodyTimeoutMs: ['timeoutMs', 'bodyTimeout'],
  trackTtlMs: ['ttlMs', 'ttl'],
};

const NOT_REACHABLE = 'createWebhookReceiver needs publicUrl: an absolute http(s) URL the service can reach.';

/** `value` without a trailing slash, once it is an http(s) URL a callback path can be added to. */
function publicUrlOf(value: string | URL): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(NOT_REACHABLE);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(NOT_REACHABLE);
  if (url.search || url.hash || url.username || url.password)
    throw new UsageError(
      'publicUrl must have no query, fragment or credentials: the callback adds its path.',
    );
  return url.href.replace(/\/+$/, '');
}

/** `value` when it is a positive number, `fallback` when absent; otherwise a usage error. */
function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && value > 0))
    throw new UsageError(
      `createWebhookReceiver option ${name} must be a positive number, not ${String(value)}.`,
    );
  return value;
}

/**
 * Attaches a webhook receiver to `session`: from now on, its calls of operations that accept a
 * `webhook` fill in `webhook` and `track_id` (unless the caller gave a webhook of their own),
 * and wait for the delivery, polling only when none has come by the eta plus a margin. A
 * delivery after a poll finished the job, a duplicate, or a replay is acknowledged and ignored.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { connect, createWebhookReceiver } from 'generation-agent-toolkit';
 *
 * const session = await connect({ baseUrl: 'https://api.example.com', apiKey: process.env.GENTK_API_KEY });
 * const receiver = createWebhookReceiver(session, { publicUrl: 'https://agent.example.com/webhooks' });
 * createServer(receiver.nodeHandler).listen(8080);
 * const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a lighthouse' });
 * // Resolved by the delivery; polled only if the delivery was lost.
 * ```
 */
export function createWebhookReceiver(session: Session, options: WebhookReceiverOptions): WebhookReceiver {
  rejectUnknownOptions(options, RECEIVER_OPTION_KEYS, 'createWebhookReceiver options');
  const publicUrl = publicUrlOf(options.publicUrl);
  const store = options.store ?? new MemoryWebhookStore({ now: () => session.client.clock.now() });
  const limits = {
    maxBodyBytes: positive(options.maxBodyBytes, 1_048_576, 'maxBodyBytes'),
    maxInFlightBytes: positive(options.maxInFlightBytes, 16_777_216, 'maxInFlightBytes'),
    bodyTimeoutMs: positive(options.bodyTimeoutMs, 10_000, 'bodyTimeoutMs'),
  };
  const { client } = session;
  const ownerOf = async () => (await client.credentialFingerprint('generationKey')) ?? 'no-generation-key';
  const webhooks = createSessionWebhooks({
    store,
    ownerOf,
    publicUrl,
    marginMs: options.fallbackMarginMs ?? 2_000,
    ttlMs: options.trackTtlMs ?? 86_400_000,
    redactor: client.redactor,
  });
  session.attachWebhooks(webhooks);
  const handle = createDeliveryHandler({ store, ownerOf, limits, onAccepted: webhooks.wake });
  return { publicUrl, store, handle, nodeHandler: toNodeHandler(handle, { publicUrl }) };
}
