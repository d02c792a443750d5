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

/** A {@link FetchStatus} for either fetch style; each poll is a span when the client has telemetry. */
export function createFetchStatus(options: FetchStatusOptions): FetchStatus {
  const fetchStatus = untracedFetchStatus(options);
  const telemetry = options.client.telemetry;
  if (!telemetry) return fetchStatus;
  return (target, signal) =>
    inSpan(
      telemetry,
      `poll ${target.operationId ?? 'job'}`,
      { attributes: { 'gentk.job.id': String(target.requestId), 'gentk.operation.id': target.operationId } },
      () => fetchStatus(target, signal),
    );
}

function untracedFetchStatus(options: FetchStatusOptions): FetchStatus {
  const credential = options.credential ?? { name: 'generationKey', placement: 'body-key' };
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
      ...(target.operationId ? { operationId: target.operationId } : {}),
      ...(signal ? { signal } : {}),
    });
    return response.body;
  };
}
