/**
 * The waiting end: what a session's calls use (see `CallWebhooks`). A fresh track per submission,
 * a watch per wait that this process's deliveries (or, through the store, another process's) wake,
 * and lookups for resumes. A store that fails costs a call its webhook, never the call: it polls.
 * @module
 */
import type { CallWebhooks, OpenedTrack, TrackWatch } from '../calls/index.js';
import type { Redactor } from '../http/index.js';
import { namesJob } from './judge-delivery.js';
import { capabilityDigest, newCapability, newTrackId } from './webhook-capability.js';
import type { WebhookStore } from './webhook-store.js';
import { WebhookWaiters } from './webhook-waiters.js';

export interface SessionWebhooksOptions {
  readonly store: WebhookStore;
  readonly ownerOf: () => Promise<string>;
  /** Without a trailing slash. */
  readonly publicUrl: string;
  readonly marginMs: number;
  readonly ttlMs: number;
  /** The session's redactor: each capability is masked wherever an answer echoes it. */
  readonly redactor: Redactor;
}

export interface SessionWebhooks extends CallWebhooks {
  /** A delivery this process accepted: its waiters resolve at once. */
  wake(trackId: string, body: unknown): void;
}

function parseDelivery(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createSessionWebhooks(options: SessionWebhooksOptions): SessionWebhooks {
  const { store, ownerOf, publicUrl, marginMs, ttlMs } = options;

  /** The delivered answer of `trackId`, when it is this session's (owner) and delivered. */
  const deliveredBody = async (trackId: string): Promise<unknown> => {
    const track = await store.get(trackId).catch(() => undefined);
    if (track?.state !== 'delivered' || track.owner !== (await ownerOf())) return undefined;
    return parseDelivery(track.delivery);
  };

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

  return {
    wake: (trackId, body) => waiters.wake(trackId, body),

    async open(): Promise<OpenedTrack | undefined> {
      const trackId = newTrackId();
      const capability = newCapability();
      try {
        const track = {
          trackId,
          owner: await ownerOf(),
          capabilityDigest: await capabilityDigest(capability),
        };
        await store.open({ ...track, state: 'waiting' }, ttlMs);
      } catch {
        return undefined;
      }
      // The URL is the job's secret: the redactor masks every capability by its shape
      // (`CAPABILITY_PREFIX`), so none is learned one by one into its bounded list.
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
          if (!finished) return;
          await store.settle(trackId).catch(() => undefined);
          // The call has its answer: the delivered body is not kept for the track's whole TTL.
          await store.takeDelivery?.(trackId).catch(() => undefined);
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
}
