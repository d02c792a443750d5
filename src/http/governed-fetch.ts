/**
 * A `fetch` that goes through the session's rate-limit governor: for requests made outside
 * `HttpClient.request()` with a fetch of their own (discovery's documents), so that they wait
 * for the same quotas and teach the governor what their answers say.
 * @module
 */
import type { Clock } from './clock.js';
import { parseRateLimitFields } from './headers/rate-limit.js';
import { parseRetryAfter } from './headers/retry-after.js';
import type { RateLimitGovernor } from './rate-limit-governor.js';

/**
 * What `governedFetch` wraps: the fetch, and the governor and clock of the session it shares a quota with.
 *
 * @example
 * const fetch = governedFetch({
 *   fetch: globalThis.fetch,
 *   governor: session.client.governor,
 *   clock: session.client.clock,
 * });
 * await fetch(new URL('/llms.txt', baseUrl)); // waits for the same quota as the session's calls
 */
export interface GovernedFetchOptions {
  readonly fetch: typeof globalThis.fetch;
  readonly governor: RateLimitGovernor;
  /** The governor's clock. */
  readonly clock: Clock;
}

/**
 * `options.fetch`, each request waiting for a permit first and reporting its answer after.
 *
 * @example
 * const service = await discover(baseUrl, {
 *   fetch: governedFetch({ fetch: globalThis.fetch, governor: client.governor, clock: client.clock }),
 * });
 */
export function governedFetch(options: GovernedFetchOptions): typeof globalThis.fetch {
  const { fetch, governor, clock } = options;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const permit = await governor.acquire(url, signal ? { signal } : {});
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      await permit.complete({ answered: false, observations: [], receivedAt: clock.now() });
      throw error;
    }
    const receivedAt = clock.now();
    const { headers, status } = response;
    const refused = status === 429 || status === 503;
    const retryAfterMs = refused
      ? parseRetryAfter(headers.get('retry-after'), { date: headers.get('date'), receivedAt })
      : undefined;
    await permit.complete({
      answered: true,
      status,
      receivedAt,
      observations: parseRateLimitFields(headers, { receivedAt }),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
    return response;
  };
}
