/**
 * Fetches a job through the HTTP core, so that polls share the session's rate-limit governor
 * with every other call and are retried as the reads they are.
 * @module
 */
import type { CredentialRef, HttpClient } from '../http/index.js';
import { inSpan } from '../telemetry/in-span.js';
import type { FetchTarget } from './fetch-target.js';
import type { FetchStatus } from './poll-job.js';

export interface FetchStatusOptions {
  readonly client: HttpClient;
  /**
   * The generation key and where the fetch operation wants it.
   * @default { name: 'generationKey', placement: 'body-key' }
   */
  readonly credential?: CredentialRef;
}

const DEFAULT_CREDENTIAL: CredentialRef = { name: 'generationKey', placement: 'body-key' };

/**
 * The fetchers made so far, per client and credential: each waiting job holds its fetcher for the
 * whole wait, and a fleet of jobs on one session needs one, not one each.
 */
const fetchersByClient = new WeakMap<HttpClient, Map<string, FetchStatus>>();

/** A {@link FetchStatus} for either fetch style; each poll is a span when the client has telemetry. */
export function createFetchStatus(options: FetchStatusOptions): FetchStatus {
  const credential = options.credential ?? DEFAULT_CREDENTIAL;
  // A credential given by value is not kept as a key: a secret per call would grow the cache.
  if ('value' in credential) return newFetchStatus({ client: options.client, credential });
  const { placement } = credential;
  const key = `${credential.name}\u0000${typeof placement === 'string' ? placement : `header:${placement.header}`}`;
  let fetchers = fetchersByClient.get(options.client);
  if (!fetchers) {
    fetchers = new Map();
    fetchersByClient.set(options.client, fetchers);
  }
  let fetcher = fetchers.get(key);
  if (!fetcher) {
    fetcher = newFetchStatus({ client: options.client, credential });
    fetchers.set(key, fetcher);
  }
  return fetcher;
}

function newFetchStatus(options: {
  readonly client: HttpClient;
  readonly credential: CredentialRef;
}): FetchStatus {
  const fetchStatus = untracedFetchStatus(options);
  const telemetry = options.client.telemetry;
  const traced: FetchStatus = telemetry
    ? (target, signal) =>
        inSpan(
          telemetry,
          `poll ${target.operationId ?? 'job'}`,
          {
            attributes: {
              'gentk.job.id': String(target.requestId),
              'gentk.operation.id': target.operationId,
            },
          },
          () => fetchStatus(target, signal),
        )
    : fetchStatus;
  const { governor } = options.client;
  return Object.assign(traced, {
    expect: (target: FetchTarget, at: number) => governor.expectFollowUp(new URL(target.url), at),
  });
}

function untracedFetchStatus(options: {
  readonly client: HttpClient;
  readonly credential: CredentialRef;
}): FetchStatus {
  const { credential } = options;
  return async (target: FetchTarget, signal) => {
    const get = target.method === 'GET';
    const response = await options.client.request({
      method: get ? 'GET' : 'POST',
      url: target.url,
      ...(get ? {} : { json: target.style === 'body' ? { request_id: target.requestId } : {} }),
      // A GET has no body to carry the key in.
      credential:
        get && credential.placement === 'body-key' ? { ...credential, placement: 'bearer' } : credential,
      idempotency: 'safe',
      // The job is accepted (and paid for): its poll goes before new submissions waiting for the quota.
      priority: 'follow-up',
      ...(target.operationId ? { operationId: target.operationId } : {}),
      ...(signal ? { signal } : {}),
    });
    return response.body;
  };
}
