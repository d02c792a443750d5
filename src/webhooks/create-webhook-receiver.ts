/**
 * The webhook receiver: attached to a session, it gives every asynchronous call a track of its
 * own (`track_id` and a callback URL carrying a per-job capability), answers the service's
 * deliveries, and resolves the waiting call with the same envelope a poll would give. Polling
 * stays the fallback for deliveries that never come.
 * @module
 */
import type { Session } from '../auth/session.js';
import type { CallWebhooks, OpenedTrack, TrackWatch } from '../calls/index.js';
import { type OptionKeys, rejectUnknownOptions, UsageError } from '../errors/index.js';
import { ResponseTooLargeFailure, readBytesWithinLimit } from '../http/index.js';
import { judgeDelivery, namesJob } from './judge-delivery.js';
import { MemoryWebhookStore } from './memory-webhook-store.js';
import { type NodeHandler, toNodeHandler } from './node-handler.js';
import {
  CAPABILITY_PATTERN,
  capabilityDigest,
  newCapability,
  newTrackId,
  sameDigest,
  TRACK_ID_PATTERN,
} from './webhook-capability.js';
import type { WebhookStore } from './webhook-store.js';
import { WebhookWaiters } from './webhook-waiters.js';

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
  /** Largest delivery body accepted, in bytes; a larger one is refused with 413. @default 1048576 */
  readonly maxBodyBytes?: number;
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
  trackTtlMs: ['ttlMs', 'ttl'],
};

/** No detail, nothing echoed: the status is all a sender learns. */
function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/** The track id and capability: the last two segments of the request's path. */
function addressOf(url: string): { trackId: string; capability: string } | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const [trackId, capability] = path.split('/').filter(Boolean).slice(-2);
  if (!trackId || !capability || !TRACK_ID_PATTERN.test(trackId) || !CAPABILITY_PATTERN.test(capability))
    return undefined;
  return { trackId, capability };
}

function parseDelivery(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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
  let base: URL;
  try {
    base = new URL(options.publicUrl);
  } catch {
    throw new UsageError(
      'createWebhookReceiver needs publicUrl: an absolute http(s) URL the service can reach.',
    );
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new UsageError(
      'createWebhookReceiver needs publicUrl: an absolute http(s) URL the service can reach.',
    );
  if (base.search || base.hash || base.username || base.password)
    throw new UsageError(
      'publicUrl must have no query, fragment or credentials: the callback adds its path.',
    );
  const publicUrl = base.href.replace(/\/+$/, '');
  const store = options.store ?? new MemoryWebhookStore({ now: () => session.client.clock.now() });
  const marginMs = options.fallbackMarginMs ?? 2_000;
  const maxBodyBytes = options.maxBodyBytes ?? 1_048_576;
  const ttlMs = options.trackTtlMs ?? 86_400_000;
  const { client } = session;
  const ownerOf = async () => (await client.credentialFingerprint('generationKey')) ?? 'no-generation-key';

  let stopListening: (() => void) | undefined;
  const waiters: WebhookWaiters = new WebhookWaiters({
    // Another process may receive what this one waits for: hear of it while anyone waits.
    onFirst: () => {
      stopListening = store.subscribe?.((trackId) => {
        if (waiters.has(trackId))
          void deliveredBody(trackId).then((body) => body && waiters.wake(trackId, body));
      });
    },
    onLast: () => {
      stopListening?.();
      stopListening = undefined;
    },
  });

  /** The delivered answer of `trackId`, when it is this session's (owner) and delivered. */
  const deliveredBody = async (trackId: string): Promise<unknown> => {
    const track = await store.get(trackId).catch(() => undefined);
    if (track?.state !== 'delivered' || track.owner !== (await ownerOf())) return undefined;
    return parseDelivery(track.delivery);
  };

  const webhooks: CallWebhooks = {
    async open(): Promise<OpenedTrack | undefined> {
      const trackId = newTrackId();
      const capability = newCapability();
      try {
        const owner = await ownerOf();
        await store.open(
          { trackId, owner, capabilityDigest: await capabilityDigest(capability), state: 'waiting' },
          ttlMs,
        );
      } catch {
        // A store that fails costs the call its webhook, not the call: it polls as without one.
        return undefined;
      }
      // The URL is the job's secret: masked wherever an answer might echo it.
      client.redactor.learnSecret(capability);
      return { trackId, url: `${publicUrl}/${trackId}/${capability}` };
    },

    async watch(trackId, requestId): Promise<TrackWatch | undefined> {
      const track = await store.get(trackId).catch(() => undefined);
      // A handle may come back from a model: only this session's track of this job is watched.
      if (!track || track.owner !== (await ownerOf())) return undefined;
      if (track.requestId !== undefined && track.requestId !== String(requestId)) return undefined;
      if (track.requestId === undefined)
        await store.bind(trackId, String(requestId), ttlMs).catch(() => undefined);
      const waiting = waiters.add(trackId, requestId);
      const received = async () => {
        const body = await deliveredBody(trackId);
        return body !== undefined && namesJob(body, requestId) ? body : undefined;
      };
      // Delivered before the submission's answer came back (a quick job): it counts at once.
      if (track.state === 'delivered') {
        const body = parseDelivery(track.delivery);
        if (body !== undefined) waiters.wake(trackId, body);
      }
      return {
        delivery: { arrived: waiting.arrived, received, marginMs },
        async close(finished) {
          waiting.remove();
          if (finished) await store.settle(trackId).catch(() => undefined);
        },
      };
    },

    async trackOf(requestId) {
      return store.trackOf(await ownerOf(), String(requestId)).catch(() => undefined);
    },

    async settle(trackId) {
      await store.settle(trackId).catch(() => undefined);
    },
  };
  session.attachWebhooks(webhooks);

  const handle = async (request: Request): Promise<Response> => {
    try {
      return await answer(request);
    } catch {
      // The store failed: the service may try again later; nothing of the failure is told.
      return empty(503);
    }
  };

  const answer = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return empty(405, { Allow: 'POST' });
    const address = addressOf(request.url);
    if (!address) return empty(404);
    const digest = await capabilityDigest(address.capability);
    const track = await store.get(address.trackId);
    if (!track || !sameDigest(digest, track.capabilityDigest) || track.owner !== (await ownerOf()))
      return empty(404);
    let bytes: Uint8Array;
    try {
      bytes = await readBytesWithinLimit(
        new Response(request.body, { headers: request.headers }),
        maxBodyBytes,
      );
    } catch (error) {
      if (ResponseTooLargeFailure.isInstance(error)) return empty(413);
      return empty(400);
    }
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      return empty(400);
    }
    const verdict = judgeDelivery(value, track.trackId, track.requestId);
    if (verdict.kind === 'invalid') return empty(400);
    if (verdict.kind === 'progress') return empty(202);
    // Finished already (a poll, an earlier delivery): acknowledged, so the sender stops, and ignored.
    if (track.state !== 'waiting') return empty(200);
    if ((await store.deliver(track.trackId, JSON.stringify(verdict.body))) === 'accepted')
      waiters.wake(track.trackId, verdict.body);
    return empty(200);
  };

  return { publicUrl, store, handle, nodeHandler: toNodeHandler(handle, { publicUrl, maxBodyBytes }) };
}
