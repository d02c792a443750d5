/**
 * Why no answer arrived, classified once for every transport: was the request provably never
 * sent (so even a payment or a generation may be retried), did the attempt time out, or did the
 * connection fail in a way that leaves it unknown whether the service acted.
 * @module
 */

import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../errors/index.js';
import { errorCode } from './connection-failure.js';

const MARKER = errorMarker('TransportFailure');

/**
 * No answer arrived. `requestSent` is false only when the service provably never saw the
 * request; `timedOut` when `timeoutMs` passed without progress; `answered` when the status and
 * headers had arrived and only the body was cut short (the server is there, its answer broke off).
 */
export class TransportFailure extends GenerationToolkitError {
  declare readonly code: 'transport_failed';

  /** Made by transports, the toolkit's and custom ones, to say why no answer came. */
  constructor(
    message: string,
    readonly requestSent: boolean,
    readonly timedOut: boolean,
    options?: { cause?: unknown; answered?: boolean },
  ) {
    super({ code: 'transport_failed', message, retryable: true, cause: options?.cause });
    this.answered = options?.answered ?? false;
    markError(this, MARKER);
  }

  /** The status and headers had arrived when the failure cut the body short. @default false */
  readonly answered: boolean;

  static override isInstance(error: unknown): error is TransportFailure {
    return hasMarker(error, MARKER);
  }
}

/** Failures that happen before a byte of the request can have reached the service. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
  'TimeoutError',
]);

export function timeoutFailure(timeoutMs: number, error: unknown, answered = false): TransportFailure {
  return new TransportFailure(`no progress within ${timeoutMs} ms`, true, true, { cause: error, answered });
}

/**
 * What a transport throws for `error`: the caller's abort reason as it is, anything else as a
 * {@link TransportFailure} (`answered` when the answer had begun).
 */
export function toFailure(error: unknown, signal: AbortSignal | undefined, answered = false): unknown {
  if (signal?.aborted) return signal.reason;
  const code = errorCode(error) ?? (error instanceof Error ? error.name : undefined);
  const detail = error instanceof Error ? error.message : String(error);
  const timedOut = code !== undefined && TIMEOUT_CODES.has(code);
  return new TransportFailure(
    code ? `${detail} (${code})` : detail,
    !(code && NOT_SENT_CODES.has(code)),
    timedOut,
    { cause: error, answered },
  );
}
