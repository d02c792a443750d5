/**
 * One request through an undici dispatcher at its lowest level (`dispatch` with a handler).
 * `request()` would do, but it needs an AbortSignal for the timeout, and undici's signal
 * bookkeeping costs more per call than everything else the transport does; the handler's
 * controller aborts for free.
 * @module
 */
import type { Dispatcher } from 'undici';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  declaredLengthOver,
  ResponseTooLargeFailure,
} from './response-size-limit.js';
import type { TransportRequest } from './transport.js';

/** What came back: the status, the fields as undici parsed them (lower-cased names), the body text. */
export interface DispatchedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** Why an attempt was cut short; a shared object, since building an Error per attempt costs its stack. */
export const TIMED_OUT: Error = Object.freeze(new Error('attempt timed out'));

/**
 * Sends `request`; rejects with undici's error, with {@link TIMED_OUT}, with the caller's abort
 * reason, or with {@link ResponseTooLargeFailure} as soon as the answer passes its byte limit
 * (the connection is dropped: draining the rest would take as long as reading it). `progress`
 * learns when the status and headers arrive, so that a failure after them can say the answer began.
 */
export function dispatchRequest(
  dispatcher: Dispatcher,
  request: TransportRequest,
  progress: { answered: boolean } = { answered: false },
): Promise<DispatchedResponse> {
  return new Promise<DispatchedResponse>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let pendingAbort: Error | undefined;
    let status = 0;
    let headers: Readonly<Record<string, string | string[] | undefined>> = {};
    const chunks: Buffer[] = [];
    const limitBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    let received = 0;
    let tooLarge = false;
    const refuse = (controller: Dispatcher.DispatchController, declaredBytes?: number) => {
      tooLarge = true;
      chunks.length = 0;
      controller.abort(new ResponseTooLargeFailure(limitBytes, status, declaredBytes));
    };
    const abort = (reason: Error) => {
      if (controller) controller.abort(reason);
      else pendingAbort ??= reason;
    };
    const timer = setTimeout(() => abort(TIMED_OUT), request.timeoutMs);
    const onCallerAbort = () => abort(request.signal?.reason ?? new Error('aborted'));
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    };
    if (request.signal?.aborted) onCallerAbort();
    try {
      dispatcher.dispatch(
        {
          origin: request.url.origin,
          path: `${request.url.pathname}${request.url.search}`,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body ?? null,
        },
        {
          onRequestStart(started) {
            controller = started;
            if (pendingAbort) started.abort(pendingAbort);
          },
          onResponseStart(started, statusCode, responseHeaders) {
            progress.answered = true;
            status = statusCode;
            headers = responseHeaders;
            // undici's dispatch does not decompress: the announced length is what would be read.
            const length = responseHeaders['content-length'];
            const declared = declaredLengthOver(
              typeof length === 'string' ? length : undefined,
              undefined,
              limitBytes,
            );
            if (declared !== undefined) refuse(started, declared);
          },
          onResponseData(started, chunk) {
            if (tooLarge) return;
            received += chunk.length;
            if (received > limitBytes) refuse(started);
            else chunks.push(chunk);
          },
          onResponseEnd() {
            settle();
            const body =
              chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
            resolve({ status, headers, body });
          },
          onResponseError(_controller, error) {
            settle();
            reject(error);
          },
        },
      );
    } catch (error) {
      settle();
      reject(error);
    }
  });
}
