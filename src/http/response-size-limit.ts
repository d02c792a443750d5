/**
 * The byte limit on every answer the toolkit reads. A hostile or broken service can answer
 * without end, announce 10 GiB, or send a small gzip body that inflates a thousandfold: bytes are
 * counted as they are read (after any decompression the `fetch` does) and reading stops at the
 * limit, so that no more than the limit is ever held in memory.
 * @module
 */

import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';

const MARKER = errorMarker('ResponseTooLargeFailure');

/** The largest answer read by default, in bytes: 32 MiB, far above any JSON the service sends. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Thrown by a transport when an answer is larger than the request's `maxResponseBytes`; the
 * client turns it into a `ResponseTooLargeError`. A custom transport throws it too.
 */
export class ResponseTooLargeFailure extends GenerationToolkitError {
  declare readonly code: 'response_too_large';

  /**
   * @param limitBytes the limit that was passed
   * @param status the HTTP status of the answer
   * @param declaredBytes the size the answer announced (Content-Length), when that alone was over
   */
  constructor(
    readonly limitBytes: number,
    readonly status: number,
    readonly declaredBytes?: number,
  ) {
    super({
      code: 'response_too_large',
      message:
        declaredBytes !== undefined
          ? `the answer announces ${declaredBytes} bytes, over the limit of ${limitBytes}`
          : `the answer is longer than the limit of ${limitBytes} bytes`,
      // The same call would bring the same body.
      retryable: false,
    });
    markError(this, MARKER);
  }

  /** Whether `error` is a ResponseTooLargeFailure, even one thrown by another copy of the package. */
  static override isInstance(error: unknown): error is ResponseTooLargeFailure {
    return hasMarker(error, MARKER);
  }
}

/**
 * The announced length when it alone is over `limitBytes`. An encoded (compressed) body's
 * Content-Length counts compressed bytes, which says nothing sure about the decoded size: only an
 * unencoded one is judged here, the rest while reading.
 */
export function declaredLengthOver(
  contentLength: string | null | undefined,
  contentEncoding: string | null | undefined,
  limitBytes: number,
): number | undefined {
  if (contentLength === null || contentLength === undefined) return undefined;
  if (contentEncoding && contentEncoding.trim().toLowerCase() !== 'identity') return undefined;
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limitBytes ? declared : undefined;
}

/**
 * Reads a `fetch` answer's whole body as UTF-8 text, stopping at `limitBytes`.
 * @throws {ResponseTooLargeFailure} the body announced or reached more than `limitBytes`
 */
export async function readTextWithinLimit(response: Response, limitBytes: number): Promise<string> {
  return new TextDecoder().decode(await readWithinLimit(response, limitBytes));
}

/**
 * Reads a `fetch` answer's whole body as bytes, stopping at `limitBytes`.
 * @throws {ResponseTooLargeFailure} the body announced or reached more than `limitBytes`
 */
export async function readBytesWithinLimit(response: Response, limitBytes: number): Promise<Uint8Array> {
  return readWithinLimit(response, limitBytes);
}

/** The body's bytes, joined; plain `Uint8Array`s, since edge runtimes have no `Buffer`. */
async function readWithinLimit(response: Response, limitBytes: number): Promise<Uint8Array> {
  const declared = declaredLengthOver(
    response.headers.get('content-length'),
    response.headers.get('content-encoding'),
    limitBytes,
  );
  if (declared !== undefined) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeFailure(limitBytes, response.status, declared);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeFailure(limitBytes, response.status);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

/**
 * `stream` passed through unchanged until more than `limitBytes` went by; then the reader gets
 * the error `exceeded()` makes and the source is cancelled. For bodies handed on unread (an
 * event stream, an MCP client's answers).
 */
export function limitStream(
  stream: ReadableStream<Uint8Array>,
  limitBytes: number,
  exceeded: () => Error,
): ReadableStream<Uint8Array> {
  let received = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limitBytes) controller.error(exceeded());
        else controller.enqueue(chunk);
      },
    }),
  );
}
