/**
 * From a request description to what goes on the wire: the URL (with its query), the headers
 * (user agent, accept, the credential where the operation wants it, one Idempotency-Key per
 * call) and the JSON body. A credential bound for an untrusted origin stops everything here.
 * @module
 */
import type { HttpRequest } from './client-options.js';
import { type CredentialSource, resolveCredential, withBodyKey } from './credentials.js';
import { UntrustedOriginError } from './errors/call-errors.js';
import { AuthenticationError } from './errors/http-status-errors.js';
import type { Redactor } from './redact.js';

/** Resolves request URLs against the base URL, reusing the parsed form of URLs seen before. */
export class UrlResolver {
  readonly #parsed = new Map<string, URL>();

  constructor(readonly baseUrl: URL) {}

  resolve(request: Pick<HttpRequest, 'url' | 'query'>): URL {
    // Parsing costs more than the rest of a request's preparation. A cached URL is never changed
    // afterwards: only calls with a query modify theirs, and those are never cached.
    if (typeof request.url === 'string' && request.query === undefined) {
      let url = this.#parsed.get(request.url);
      if (!url) {
        url = new URL(request.url, this.baseUrl);
        if (this.#parsed.size >= 256) this.#parsed.clear();
        this.#parsed.set(request.url, url);
      }
      return url;
    }
    const url = new URL(request.url, this.baseUrl);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url;
  }
}

export interface PrepareContext {
  readonly userAgent: string;
  readonly defaultHeaders: Readonly<Record<string, string>> | undefined;
  readonly trustedOrigins: ReadonlySet<string>;
  readonly credentials: Readonly<Record<string, CredentialSource>>;
  readonly redactor: Redactor;
}

function lowerCased(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  return result;
}

/** The headers and body of `request`, with its credential placed. */
export async function prepareRequest(
  request: HttpRequest,
  url: URL,
  safeUrl: () => string,
  context: PrepareContext,
): Promise<{ headers: Record<string, string>; body: string | undefined }> {
  const headers: Record<string, string> = {
    'user-agent': context.userAgent,
    accept: request.responseType === 'text' ? '*/*' : 'application/json',
    ...lowerCased(context.defaultHeaders),
    ...lowerCased(request.headers),
  };
  let json = request.json;
  if ((request.credential || request.sensitive) && !context.trustedOrigins.has(url.origin)) {
    throw new UntrustedOriginError({
      method: request.method,
      url: safeUrl(),
      origin: url.origin,
      message: `Refusing to send a credential to ${url.origin}, which is not one of the service's origins`,
    });
  }
  if (request.credential) {
    const secret = await resolveCredential(request.credential, context.credentials);
    if (!secret) {
      const name = 'name' in request.credential ? request.credential.name : 'given';
      throw new AuthenticationError({
        method: request.method,
        url: safeUrl(),
        message: `No ${name} credential is configured for this call`,
      });
    }
    context.redactor.addSecret(secret);
    const { placement } = request.credential;
    if (placement === 'bearer') headers.authorization = `Bearer ${secret}`;
    else if (placement === 'body-key') json = withBodyKey(json, secret);
    else headers[placement.header.toLowerCase()] = secret;
  }
  // One key per logical call: every retry of it carries the same, so a replay cannot act twice.
  if (request.idempotency === 'keyed') {
    headers['idempotency-key'] = request.idempotencyKey ?? globalThis.crypto.randomUUID();
  }
  if (json === undefined) return { headers, body: undefined };
  headers['content-type'] ??= 'application/json';
  return { headers, body: JSON.stringify(json) };
}
