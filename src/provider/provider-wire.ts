/**
 * The provider's hook under the HTTP core. Every request still goes through `HttpClient` (the
 * credential, the rate-limit governor, retries, typed errors, redaction); this wrapper of the
 * transport only adds what the core's whole-body transport cannot give a provider:
 *
 * - a streamed answer: a `chat/completions` call with `stream: true` hands its `text/event-stream`
 *   body over unread, and the core sees an empty 200;
 * - the body of a failed answer, kept so that `APICallError.responseBody` is the service's own
 *   words (redacted) rather than a summary.
 *
 * A call opts in with an internal header that is removed before anything is sent.
 * @module
 */

import type { FetchFunction, Transport, TransportRequest, TransportResponse } from '../http/index.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  limitStream,
  ResponseTooLargeFailure,
  readTextWithinLimit,
  TransportFailure,
} from '../http/index.js';
import { anySignal } from '../runtime/abort-signals.js';

const CALL_HEADER = 'x-generation-provider-call';

/** Failed answers are kept up to this many characters. */
const MAX_KEPT_BODY = 16_384;

interface CallRecord {
  readonly stream: boolean;
  body?: ReadableStream<Uint8Array> | undefined;
  failedBody?: string;
}

/** One call's view of the wire: the header that marks its requests, and what they left behind. */
export interface WireCall {
  /** Headers to send with the call's request. */
  readonly headers: Readonly<Record<string, string>>;
  /** The streamed body of a successful answer (once). */
  takeStream(): ReadableStream<Uint8Array> | undefined;
  /** The body of the last failed answer, unredacted. */
  failedBody(): string | undefined;
  /** Forgets the call; an untaken stream is cancelled. */
  end(): void;
}

function failedGeneration(body: string): boolean {
  return /"status"\s*:\s*"(error|failed)"/.test(body.slice(0, 2048));
}

export class ProviderWire {
  readonly #calls = new Map<string, CallRecord>();
  readonly #base: Transport;
  readonly #fetch: FetchFunction;
  /** The transport to give the provider's `HttpClient`. */
  readonly transport: Transport;

  constructor(base: Transport, streamFetch: FetchFunction) {
    this.#base = base;
    this.#fetch = streamFetch;
    this.transport = (request) => this.#send(request);
  }

  /** Starts a call; `stream` asks for its successful answer as a stream. */
  call(options: { stream?: boolean } = {}): WireCall {
    const id = globalThis.crypto.randomUUID();
    const record: CallRecord = { stream: options.stream === true };
    this.#calls.set(id, record);
    return {
      headers: { [CALL_HEADER]: id },
      takeStream: () => {
        const body = record.body;
        record.body = undefined;
        return body;
      },
      failedBody: () => record.failedBody,
      end: () => {
        this.#calls.delete(id);
        void record.body?.cancel().catch(() => {});
        record.body = undefined;
      },
    };
  }

  async #send(request: TransportRequest): Promise<TransportResponse> {
    const id = request.headers[CALL_HEADER];
    if (id === undefined) return this.#base(request);
    const { [CALL_HEADER]: _marker, ...headers } = request.headers;
    const unmarked: TransportRequest = { ...request, headers };
    const record = this.#calls.get(id);
    const response = record?.stream ? await this.#stream(unmarked, record) : await this.#base(unmarked);
    if (record && (response.status >= 400 || failedGeneration(response.body))) {
      record.failedBody = response.body.slice(0, MAX_KEPT_BODY);
    }
    return response;
  }

  /** Sends with `fetch`; the per-attempt timeout covers the wait for headers, not the stream. */
  async #stream(request: TransportRequest, record: CallRecord): Promise<TransportResponse> {
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new TransportFailure(`no answer within ${request.timeoutMs} ms`, true, true)),
      request.timeoutMs,
    );
    const signal = request.signal ? anySignal([request.signal, timeout.signal]) : timeout.signal;
    let response: Response;
    try {
      response = await this.#fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal,
        redirect: 'manual',
      });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (timeout.signal.aborted) throw timeout.signal.reason;
      const message = error instanceof Error ? error.message : String(error);
      // fetch does not say whether bytes left: assume they did, so a submission is not repeated.
      throw new TransportFailure(message, true, false, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    const limitBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const eventStream = /text\/event-stream/i.test(response.headers.get('content-type') ?? '');
    if (response.ok && eventStream && response.body) {
      // The stream is read by the SDK, after the core is done: the limit goes with it.
      record.body = limitStream(
        response.body,
        limitBytes,
        () => new ResponseTooLargeFailure(limitBytes, response.status),
      );
      return { status: response.status, headers: response.headers, body: '' };
    }
    return {
      status: response.status,
      headers: response.headers,
      body: await readTextWithinLimit(response, limitBytes),
    };
  }
}
