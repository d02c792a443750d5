/**
 * Downloads a result file. Result URLs carry no credential, so the download is a plain GET with
 * the provider's `fetch`, never the client that holds the key. It is retried here, as the safe
 * read it is: a failure that reached the SDK would make it submit (and pay for) the job again.
 * @module
 */
import { APICallError } from '@ai-sdk/provider';
import {
  ResponseTooLargeError,
  ResponseTooLargeFailure,
  readBytesWithinLimit,
  readTextWithinLimit,
} from '../http/index.js';
import type { Connection } from './service-connection.js';

export interface DownloadedFile {
  readonly data: Uint8Array;
  /** From the answer's Content-Type, without parameters. */
  readonly mediaType: string | undefined;
}

const RETRY_DELAYS_MS = [250, 1000];
const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
/** Of a failed download's answer, only the start is read, for the error. */
const FAILED_BODY_BYTES = 2048;

function transient(status: number): boolean {
  return status === 404 || status === 408 || status === 425 || status === 429 || status >= 500;
}

async function attempt(connection: Connection, url: string, signal: AbortSignal | undefined) {
  const response = await connection.fetch(url, {
    method: 'GET',
    redirect: 'follow',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const body = await readTextWithinLimit(response, FAILED_BODY_BYTES).catch(() => '');
    return { ok: false as const, status: response.status, body };
  }
  const data = await readBytesWithinLimit(
    response,
    connection.settings.maxDownloadBytes ?? DEFAULT_MAX_BYTES,
  );
  const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim() || undefined;
  return { ok: true as const, file: { data, mediaType } };
}

/** A download over `maxDownloadBytes`, as the SDK's error for a failed call. */
function tooLarge(connection: Connection, url: string, failure: ResponseTooLargeFailure): APICallError {
  const safeUrl = connection.client.redactor.redact(url);
  const error = new ResponseTooLargeError({
    method: 'GET',
    url: safeUrl,
    httpStatus: failure.status,
    limitBytes: failure.limitBytes,
    declaredBytes: failure.declaredBytes,
    cause: failure,
    message: `The result file is larger than the ${failure.limitBytes} bytes the provider downloads (maxDownloadBytes)`,
  });
  return new APICallError({
    message: error.message,
    url: safeUrl,
    requestBodyValues: undefined,
    statusCode: failure.status,
    isRetryable: false,
    data: error.toJSON(),
    cause: error,
  });
}

/** The bytes at `url`; throws a non-retryable `APICallError` when they cannot be had. */
export async function downloadOutput(
  connection: Connection,
  url: string,
  signal: AbortSignal | undefined,
): Promise<DownloadedFile> {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new APICallError({
      message: `The service answered a result URL that is not http(s): ${url}`,
      url,
      requestBodyValues: undefined,
      isRetryable: false,
    });
  }
  let failure: { status?: number; body?: string; cause?: unknown } = {};
  for (let round = 0; round <= RETRY_DELAYS_MS.length; round += 1) {
    if (round > 0) await connection.client.clock.sleep(RETRY_DELAYS_MS[round - 1]!, signal);
    try {
      const result = await attempt(connection, url, signal);
      if (result.ok) return result.file;
      failure = { status: result.status, body: result.body };
      if (!transient(result.status)) break;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // Too large will not change by asking again.
      if (ResponseTooLargeFailure.isInstance(error)) throw tooLarge(connection, url, error);
      failure = { cause: error };
    }
  }
  const { status } = failure;
  const why =
    status === 410
      ? 'the result URL has expired'
      : status !== undefined
        ? `HTTP ${status}`
        : failure.cause instanceof Error
          ? failure.cause.message
          : 'the connection failed';
  throw new APICallError({
    message: `Downloading the result ${url} failed: ${why}.`,
    url,
    requestBodyValues: undefined,
    ...(status !== undefined ? { statusCode: status } : {}),
    ...(failure.body !== undefined ? { responseBody: failure.body } : {}),
    isRetryable: false,
    ...(failure.cause !== undefined ? { cause: failure.cause } : {}),
  });
}
