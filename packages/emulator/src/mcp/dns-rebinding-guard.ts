/**
 * DNS rebinding protection for the emulator's MCP servers, as the MCP transport spec requires of
 * a server on a local address: a web page on another site must not reach them through the user's
 * browser. Two ways in are closed:
 * - a page's own name made to resolve to 127.0.0.1 (rebinding) arrives with that name in `Host`:
 *   only an IP address, `localhost` or the host the emulator was started on is accepted there
 *   (an address cannot be rebound, a name can);
 * - a page on another origin posting to the emulator directly arrives with its `Origin`: when a
 *   request has one, it must be the emulator's own.
 * Clients that are not browsers send no `Origin` and are not affected.
 * @module
 */
import { isIP } from 'node:net';

/** Hosts that name this machine without DNS. */
const LOCAL_NAMES = new Set(['localhost']);

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Why the request must be refused, or undefined when it may be served. `ownOrigin` is the origin
 * the request was addressed to; `startedOn` the host the emulator listens on.
 */
export function rebindingRefusal(request: {
  readonly host: string | undefined;
  readonly origin: string | undefined;
  readonly ownOrigin: string;
  readonly startedOn: string;
}): string | undefined {
  const hostname = request.host === undefined ? undefined : hostnameOf(request.host);
  const accepted =
    hostname !== undefined &&
    (isIP(hostname) !== 0 || LOCAL_NAMES.has(hostname) || hostname === request.startedOn.toLowerCase());
  if (!accepted) return `Invalid Host header: ${request.host ?? '(none)'}`;
  if (request.origin !== undefined && request.origin !== request.ownOrigin) {
    return `Invalid Origin header: ${request.origin} is not this server's origin`;
  }
  return undefined;
}
