/**
 * A `fetch` for the MCP client that keeps the caller's headers (its credentials) on the origins
 * that may have them: redirects are followed here, one by one, within the server's origin (or to
 * an origin the caller trusts, without the headers unless it may have them). A redirect anywhere
 * else is refused: the server's documents are the service's word, and following them would send
 * the client's `initialize` (and what it carries) to whatever address a redirect names.
 * @module
 */

const MAX_REDIRECTS = 5;

export interface OriginBoundFetchOptions {
  /** Names of the headers that must not leave `mayReceive`'s origins. */
  readonly boundHeaders: readonly string[];
  /** Whether an origin may receive the bound headers. */
  readonly mayReceive: (origin: string) => boolean;
  /** Whether a redirect may lead to an origin other than the one it came from. @default never */
  readonly mayFollow?: (origin: string) => boolean;
  readonly fetch?: typeof globalThis.fetch;
}

function withoutHeaders(init: RequestInit | undefined, names: readonly string[]): RequestInit {
  const headers = new Headers(init?.headers);
  for (const name of names) headers.delete(name);
  return { ...init, headers };
}

export function originBoundFetch(options: OriginBoundFetchOptions): typeof fetch {
  const fetch = options.fetch ?? globalThis.fetch;
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    let request: RequestInit = options.mayReceive(url.origin)
      ? { ...init }
      : withoutHeaders(init, options.boundHeaders);
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(url, { ...request, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel();
      if (redirects >= MAX_REDIRECTS)
        throw new TypeError(`More than ${MAX_REDIRECTS} redirects from ${url.href}.`);
      const next = new URL(location, url);
      if (next.origin !== url.origin && !options.mayFollow?.(next.origin))
        throw new TypeError(
          `The MCP server at ${url.origin} redirected to another origin (${next.origin}); the redirect is not followed. Add that origin to trustedOrigins if you trust it.`,
        );
      url = next;
      if (!options.mayReceive(url.origin)) request = withoutHeaders(request, options.boundHeaders);
      // As fetch itself does: 303, and 301/302 after a POST, go on as a GET without a body.
      const method = (request.method ?? 'GET').toUpperCase();
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        const { body: _body, ...rest } = request;
        request = { ...rest, method: 'GET' };
      }
    }
  };
}
