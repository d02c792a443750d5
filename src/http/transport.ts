/**
 * The wire: one function that sends a request and reads the whole answer, up to a byte limit
 * (see `response-size-limit.ts`). Two are built in: undici's `dispatch` where undici runs
 * (`undici-transport.ts`; the default on Node), and any `fetch` (the platform's, where undici is
 * absent or unusable: Bun, workerd, edge runtimes; a caller's, for tests and proxies), chosen by
 * `default-transport.ts`. Redirects are never followed here: the client decides.
 * @module
 */
import { joinSignals, timeoutSignal } from '../runtime/abort-signals.js';
import type { RawHeaders } from './raw-headers.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  ResponseTooLargeFailure,
  readTextWithinLimit,
} from './response-size-limit.js';
import { toFailure } from './transport-failure.js';

export { RawHeaders, toWebHeaders } from './raw-headers.js';
export { ResponseTooLargeFailure } from './response-size-limit.js';
export { TransportFailure } from './transport-failure.js';

/**
 * One attempt as a transport sends it: the URL, the headers with the credential already placed,
 * the body as text, and the time it may take.
 *
 * @example
 * const transport: Transport = async (request) => {
 *   const response = await fetch(request.url, {
 *     method: request.method,
 *     headers: request.headers,
 *     ...(request.body !== undefined ? { body: request.body } : {}),
 *     signal: anySignal([
 *       timeoutSignal(request.timeoutMs),
 *       ...(request.signal ? [request.signal] : []),
 *     ]),
 *   });
 *   return { status: response.status, headers: response.headers, body: await response.text() };
 * };
 */
export interface TransportRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Give up when no progress is made for this many milliseconds of wall time. */
  readonly timeoutMs: number;
  /** The caller's signal, when there is one. */
  readonly signal?: AbortSignal;
  /**
   * Largest body read, in bytes, counted after decompression; a longer answer is cut off with
   * {@link ResponseTooLargeFailure}.
   * @default 33554432 (32 MiB)
   */
  readonly maxResponseBytes?: number;
}

/**
 * Response fields: a WHATWG `Headers`, or undici's parsed fields read without building one.
 *
 * @example
 * const type = response.headers.get('content-type');
 */
export type ResponseHeaders = Headers | RawHeaders;

/**
 * What a transport hands back: the status, the headers and the whole body as text.
 *
 * @example
 * return { status: 200, headers: new Headers({ 'content-type': 'application/json' }), body: '{"ok":true}' };
 */
export interface TransportResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  /** The whole body as text ('' when there is none). */
  readonly body: string;
}

/**
 * Sends one request. Throws {@link TransportFailure} when no answer arrived, and
 * {@link ResponseTooLargeFailure} when the answer is longer than `maxResponseBytes`.
 *
 * @example
 * // Record every request a session sends, then send it with the built-in transport.
 * const undici = createUndiciTransport();
 * const transport: Transport = (request) => {
 *   console.log(request.method, request.url.pathname);
 *   return undici.transport(request);
 * };
 * const session = await connect({ baseUrl, apiKey, http: { transport } });
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/**
 * A `fetch`-compatible function.
 *
 * @example
 * const session = await connect({ baseUrl, apiKey, http: { fetch: globalThis.fetch } });
 */
export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** A transport over any `fetch` (undici's, the platform's, a test double). */
export function createFetchTransport(fetchFunction: FetchFunction): Transport {
  return async (request) => {
    let answered = false;
    const joined = request.signal
      ? joinSignals([request.signal, timeoutSignal(request.timeoutMs)])
      : { signal: timeoutSignal(request.timeoutMs), release: () => undefined };
    try {
      const response = await fetchFunction(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: joined.signal,
        redirect: 'manual',
      });
      answered = true;
      // fetch has inflated a compressed body by now: the limit counts what it hands over.
      const body = await readTextWithinLimit(
        response,
        request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      );
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      if (ResponseTooLargeFailure.isInstance(error)) throw error;
      throw toFailure(error, request.signal, answered);
    } finally {
      // The body is read: the request's signal need not listen for this exchange any more.
      joined.release();
    }
  };
}
