import { sha256 } from '../state/store.js';
import { ApiError, invalidFields } from './api-error.js';
import { canonicalJson } from './canonical-json.js';
import type { SessionInput } from './handler.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const HEADER = 'Idempotency-Key';

/** Keys whose answer is still being computed, per emulator, so that a racing retry cannot charge twice. */
const inFlightByStore = new WeakMap<object, Set<string>>();

function inFlightOf(store: object): Set<string> {
  let keys = inFlightByStore.get(store);
  if (!keys) {
    keys = new Set();
    inFlightByStore.set(store, keys);
  }
  return keys;
}

function replay(input: SessionInput, status: number, body: unknown): Response {
  const stored = body as { meta?: Record<string, unknown> };
  const replayed = {
    ...stored,
    meta: { ...stored.meta, request_id: input.c.get('requestId'), idempotency_replay: true },
  };
  return new Response(JSON.stringify(replayed), {
    status,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Replayed': 'true' },
  });
}

/**
 * Runs a money operation at most once per Idempotency-Key (scoped to the acting account): a retry
 * of the same request replays the first answer and does nothing again; the key with another
 * request is refused. Without the header the request is simply processed.
 */
export async function withIdempotency(input: SessionInput, run: () => Promise<Response>): Promise<Response> {
  const key = input.c.req.header(HEADER);
  if (key === undefined) return run();
  if (!KEY_PATTERN.test(key)) {
    throw invalidFields({ [HEADER]: 'must be 1 to 255 visible ASCII characters' });
  }
  const accountId = input.session.context.id;
  const fingerprint = sha256(`${input.c.req.method} ${input.c.req.path}\n${canonicalJson(input.body)}`);
  const stored = input.ctx.idempotency.get(accountId, key);
  if (stored) {
    if (stored.fingerprint !== fingerprint) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was used for a different request. Use a new key for a new request.',
      );
    }
    return replay(input, stored.status, stored.body);
  }
  const inFlight = inFlightOf(input.ctx.idempotency);
  const lock = `${accountId}\n${key}`;
  if (inFlight.has(lock)) {
    throw new ApiError(
      'conflict',
      'A request with this Idempotency-Key is still being processed; retry shortly.',
    );
  }
  inFlight.add(lock);
  try {
    const response = await run();
    if (response.status < 500) {
      const body: unknown = await response.clone().json();
      input.ctx.idempotency.put(accountId, key, { status: response.status, body, fingerprint });
    }
    return response;
  } finally {
    inFlight.delete(lock);
  }
}
