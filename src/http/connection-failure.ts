/**
 * Why a request got no answer at all, in words a person can act on: the connection was refused,
 * the host name does not resolve, nothing answered in time. Fetch implementations hide this under
 * `TypeError: fetch failed`; the system's code sits somewhere down the `cause` chain.
 * @module
 */

/**
 * The ways of not reaching a server that a person fixes differently.
 * @inline
 */
export type ConnectionFailureKind =
  | 'connection-refused'
  | 'timed-out'
  | 'host-not-found'
  | 'dns-unavailable'
  | 'network-unreachable'
  | 'connection-reset'
  | 'tls'
  | 'blocked-port'
  | 'other';

/** A connection failure, classified. */
export interface ConnectionFailure {
  readonly kind: ConnectionFailureKind;
  /** The system's code (`ECONNREFUSED`, `ENOTFOUND`, ...), when one was found. */
  readonly code: string | undefined;
  /** A few words for a message: `connection refused`, `timed out: no answer within 500 ms`. */
  readonly description: string;
}

/** The first string `code` along `error`'s cause chain (fetch wraps the socket's error). */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const KIND_OF_CODE: Readonly<Record<string, ConnectionFailureKind>> = {
  ECONNREFUSED: 'connection-refused',
  ENOTFOUND: 'host-not-found',
  EAI_NONAME: 'host-not-found',
  EAI_AGAIN: 'dns-unavailable',
  EHOSTUNREACH: 'network-unreachable',
  ENETUNREACH: 'network-unreachable',
  ECONNRESET: 'connection-reset',
  EPIPE: 'connection-reset',
  UND_ERR_SOCKET: 'connection-reset',
  UND_ERR_CLOSED: 'connection-reset',
  ETIMEDOUT: 'timed-out',
  UND_ERR_CONNECT_TIMEOUT: 'timed-out',
  UND_ERR_HEADERS_TIMEOUT: 'timed-out',
  UND_ERR_BODY_TIMEOUT: 'timed-out',
  ERR_TLS_CERT_ALTNAME_INVALID: 'tls',
  CERT_HAS_EXPIRED: 'tls',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'tls',
  SELF_SIGNED_CERT_IN_CHAIN: 'tls',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls',
};

function deepestMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const next = (current as { cause?: unknown }).cause;
    if (next instanceof Error && next.message) message = next.message;
    current = next;
  }
  return message;
}

/**
 * Classifies what a fetch or a socket threw when no answer came. `timeoutMs` is the time limit
 * that applied, quoted when the failure is a timeout (an abort by `AbortSignal.timeout()` counts);
 * `url` the address asked for, whose port is named when fetch refuses it (a "bad port" such as 9,
 * which fetch blocks without trying to connect).
 *
 * @example
 * try {
 *   await fetch('http://127.0.0.1:9/');
 * } catch (error) {
 *   describeConnectionFailure(error).description; // 'connection refused'
 * }
 */
export function describeConnectionFailure(
  error: unknown,
  options: { readonly timeoutMs?: number; readonly url?: string } = {},
): ConnectionFailure {
  const code = errorCode(error);
  const name = error instanceof Error ? error.name : undefined;
  const message = deepestMessage(error);
  const kind: ConnectionFailureKind =
    (code ? KIND_OF_CODE[code] : undefined) ??
    (name === 'TimeoutError' ? 'timed-out' : message === 'bad port' ? 'blocked-port' : 'other');
  const port = options.url ? new URL(options.url).port : undefined;
  const description = {
    'connection-refused': 'connection refused',
    'timed-out':
      options.timeoutMs === undefined ? 'timed out' : `timed out: no answer within ${options.timeoutMs} ms`,
    'host-not-found': 'DNS: host name not found',
    'dns-unavailable': 'DNS: the name server did not answer',
    'network-unreachable': 'network unreachable',
    'connection-reset': 'connection reset',
    tls: `TLS certificate refused (${code})`,
    'blocked-port': `fetch never connects to port ${port ?? 'this port'}, a port the Fetch standard blocks; use another`,
    other: message,
  }[kind];
  return { kind, code, description };
}
