/**
 * Reads a delivery's body as untrusted input, after its route and capability were checked: at
 * most `maxBodyBytes`, within `bodyTimeoutMs` of wall time (a sender that trickles is cut off),
 * and with every delivery being read at once sharing `maxInFlightBytes` (many large senders
 * together cannot grow the process past it).
 * @module
 */

/** The limits of reading delivery bodies; see `WebhookReceiverOptions`. */
export interface DeliveryReadLimits {
  readonly maxBodyBytes: number;
  readonly maxInFlightBytes: number;
  readonly bodyTimeoutMs: number;
}

/** The bytes of all bodies being read at once, against their shared bound. */
export class InFlightBytes {
  #used = 0;

  constructor(readonly limit: number) {}

  /** Takes `count` bytes of the bound; false (nothing taken) when they do not fit. */
  take(count: number): boolean {
    if (this.#used + count > this.limit) return false;
    this.#used += count;
    return true;
  }

  give(count: number): void {
    this.#used = Math.max(0, this.#used - count);
  }

  /** Bytes held by bodies being read now. */
  get used(): number {
    return this.#used;
  }
}

/** The body read whole, or the status that refuses it: 413 too large, 503 no room now, 408 too slow, 400 broken. */
export type DeliveryBody =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly status: 400 | 408 | 413 | 503 };

/** Reads `request`'s body within `limits`, its bytes counted against `inFlight` while it is read. */
export async function readDeliveryBody(
  request: Request,
  limits: DeliveryReadLimits,
  inFlight: InFlightBytes,
): Promise<DeliveryBody> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBodyBytes) return { ok: false, status: 413 };
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const reader = request.body.getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => undefined);
  }, limits.bodyTimeoutMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const refuse = async (status: 400 | 408 | 413 | 503): Promise<DeliveryBody> => {
    await reader.cancel().catch(() => undefined);
    return { ok: false, status };
  };
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch {
        return { ok: false, status: timedOut ? 408 : 400 };
      }
      if (timedOut) return { ok: false, status: 408 };
      if (read.done) break;
      const chunk = read.value;
      if (size + chunk.byteLength > limits.maxBodyBytes) return await refuse(413);
      if (!inFlight.take(chunk.byteLength)) return await refuse(503);
      size += chunk.byteLength;
      chunks.push(chunk);
    }
  } finally {
    clearTimeout(timer);
    inFlight.give(size);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
