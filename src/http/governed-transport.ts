/**
 * A transport that goes through a rate-limit governor: for requests made outside
 * `HttpClient.request()` (discovery's documents), so that they wait for the same quotas as the
 * session's calls and teach the governor what their answers say.
 * @module
 */
import type { Clock } from './clock.js';
import { parseRateLimitFields } from './headers/rate-limit.js';
import { parseRetryAfter } from './headers/retry-after.js';
import type { RateLimitGovernor } from './rate-limit-governor.js';
import type { Transport } from './transport.js';

/**
 * What `governedTransport` wraps: a transport, and the governor and clock of the session it shares a
 * quota with.
 *
 * @example
 * const transport = governedTransport({
 *   transport: session.client.documentTransport,
 *   governor: session.client.governor,
 *   clock: session.client.clock,
 * });
 */
export interface GovernedTransportOptions {
  readonly transport: Transport;
  readonly governor: RateLimitGovernor;
  /** The governor's clock. */
  readonly clock: Clock;
}

/**
 * `options.transport`, each request waiting for a permit first and reporting its answer after.
 *
 * @example
 * const service = await discover(baseUrl, {
 *   transport: governedTransport({ transport, governor: client.governor, clock: client.clock }),
 * });
 */
export function governedTransport(options: GovernedTransportOptions): Transport {
  const { transport, governor, clock } = options;
  return async (request) => {
    const permit = await governor.acquire(request.url, request.signal ? { signal: request.signal } : {});
    let response: Awaited<ReturnType<Transport>>;
    try {
      response = await transport(request);
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
