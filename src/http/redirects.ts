/**
 * Redirects, followed by hand: a credential never crosses to another origin, and a redirect
 * that would carry one there is refused rather than silently stripped.
 * @module
 */
import type { Exchange } from './attempt.js';
import { ResponseFormatError, UntrustedOriginError } from './errors/call-errors.js';
import { UnexpectedRedirectError } from './errors/unexpected-redirect-error.js';
import { routeOf } from './rate-limit/route-key.js';
import type { Redactor } from './redact.js';
import type { TransportResponse } from './transport.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Headers that say nothing but how to talk HTTP (and one call's identity): safe on any origin. */
const PROTOCOL_HEADERS = new Set(['user-agent', 'accept', 'content-type', 'idempotency-key']);

function protocolHeadersOf(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (PROTOCOL_HEADERS.has(name)) kept[name] = value;
  return kept;
}

/** The next hop of a redirect answer, or undefined when the answer is not one to follow. */
export function followRedirect(
  exchange: Exchange,
  response: TransportResponse,
  credentialed: boolean,
  trusted: ReadonlySet<string>,
  redactor: Redactor,
): Exchange | undefined {
  const location = response.headers.get('location');
  if (!REDIRECTS.has(response.status) || !location) return undefined;
  const keepsMethod = response.status === 307 || response.status === 308;
  const readOnly = exchange.method === 'GET' || exchange.method === 'HEAD';
  // 301 and 302 of a write are ambiguous (clients historically switch to GET): hand them back.
  if (!keepsMethod && response.status !== 303 && !readOnly) return undefined;
  let url: URL;
  try {
    url = new URL(location, exchange.url);
  } catch {
    throw new ResponseFormatError({
      method: exchange.method,
      url: redactor.redact(exchange.url.href),
      httpStatus: response.status,
      message: `The service redirected to a location that is not a URL (${redactor.redact(location).slice(0, 200)})`,
    });
  }
  const leaving = url.origin !== exchange.url.origin;
  if (credentialed && leaving && !trusted.has(url.origin)) {
    throw new UntrustedOriginError({
      method: exchange.method,
      url: redactor.redact(exchange.url.href),
      origin: url.origin,
      httpStatus: response.status,
      message: `The service redirected to ${redactor.redact(url.origin)}; the credential is not sent there`,
    });
  }
  const toGet = response.status === 303 && !readOnly;
  // Headers other than the protocol's own (`http.headers`, a call's header parameters) are the
  // user's or the service's business, as credentials are: they do not leave the trusted origins.
  const headers = trusted.has(url.origin) ? { ...exchange.headers } : protocolHeadersOf(exchange.headers);
  if (toGet) delete headers['content-type'];
  return {
    ...exchange,
    method: toGet ? 'GET' : exchange.method,
    url,
    route: routeOf(url),
    headers,
    body: toGet ? undefined : exchange.body,
  };
}

/** The error for a redirect answer that was not followed; `location` is shown masked, its origin and path only. */
export function unfollowedRedirect(
  services: { readonly redactor: Redactor },
  exchange: Pick<Exchange, 'method' | 'url'>,
  context: { readonly method: string; readonly url: string; readonly httpStatus: number },
  location: string | null,
): UnexpectedRedirectError {
  let target: string | undefined;
  try {
    if (location) {
      const url = new URL(location, exchange.url);
      target = services.redactor.redact(`${url.origin}${url.pathname}`);
    }
  } catch {
    target = undefined;
  }
  const write = exchange.method !== 'GET' && exchange.method !== 'HEAD';
  return new UnexpectedRedirectError({
    ...context,
    ...(target ? { location: target } : {}),
    message: `The service answered HTTP ${context.httpStatus}${target ? `, a redirect to ${target},` : ' without a usable Location'} instead of a result${write ? '; a write is not repeated at another address, and whether the service acted is unknown' : ''}`,
  });
}
