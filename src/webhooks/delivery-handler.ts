/**
 * The receiving end: answers one delivery as untrusted input, checking before it reads. The route
 * and the capability come first: unknown or expired tracks and wrong capabilities get 404 with
 * their body unread. Then the body, within its limits (`read-delivery-body.ts`): 413 too large,
 * 503 when the bodies being read together have no room left, 408 too slow. Bodies that are not
 * this job's answer get 400, progress notes 202, finals 200 (the first one kept, any later one
 * ignored). No answer has a body.
 * @module
 */
import { judgeDelivery } from './judge-delivery.js';
import { type DeliveryReadLimits, InFlightBytes, readDeliveryBody } from './read-delivery-body.js';
import { CAPABILITY_PATTERN, capabilityDigest, sameDigest, TRACK_ID_PATTERN } from './webhook-capability.js';
import type { WebhookStore } from './webhook-store.js';

export interface DeliveryHandlerOptions {
  readonly store: WebhookStore;
  /** The fingerprint of the session's account: a track of another is not ours to complete. */
  readonly ownerOf: () => Promise<string>;
  readonly limits: DeliveryReadLimits;
  /** A final answer was accepted for `trackId` (wakes this process's waiters at once). */
  readonly onAccepted: (trackId: string, body: unknown) => void;
}

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

/** A Web-standard handler of deliveries; never throws (a failing store answers 503, to be retried). */
export function createDeliveryHandler(
  options: DeliveryHandlerOptions,
): (request: Request) => Promise<Response> {
  const { store, ownerOf, limits } = options;
  const inFlight = new InFlightBytes(limits.maxInFlightBytes);

  const answer = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return empty(405, { Allow: 'POST' });
    const address = addressOf(request.url);
    if (!address) return empty(404);
    const digest = await capabilityDigest(address.capability);
    const track = await store.get(address.trackId);
    if (!track || !sameDigest(digest, track.capabilityDigest) || track.owner !== (await ownerOf()))
      return empty(404);
    const body = await readDeliveryBody(request, limits, inFlight);
    if (!body.ok)
      return empty(
        body.status,
        body.status === 503 ? { 'Retry-After': '1', Connection: 'close' } : { Connection: 'close' },
      );
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body.bytes));
    } catch {
      return empty(400);
    }
    const verdict = judgeDelivery(value, track.trackId, track.requestId);
    if (verdict.kind === 'invalid') return empty(400);
    if (verdict.kind === 'progress') return empty(202);
    // Finished already (a poll, an earlier delivery): acknowledged, so the sender stops, and ignored.
    if (track.state !== 'waiting') return empty(200);
    if ((await store.deliver(track.trackId, JSON.stringify(verdict.body))) === 'accepted')
      options.onAccepted(track.trackId, verdict.body);
    return empty(200);
  };

  return async (request) => {
    try {
      return await answer(request);
    } catch {
      // The store failed: the service may try again later; nothing of the failure is told.
      return empty(503);
    }
  };
}
