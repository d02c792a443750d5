/**
 * Downloads a result file. Result URLs carry no credential, so the download is a plain GET with
 * the provider's `fetch`, never the client that holds the key. It is retried here, as the safe
 * read it is: a failure that reached the SDK would make it submit (and pay for) the job again.
 * Every address, the first and each redirect's, passes the connection's download policy first,
 * and the file must be of the kind the model makes.
 * @module
 */
import { APICallError } from '@ai-sdk/provider';
import {
  ResponseTooLargeError,
  ResponseTooLargeFailure,
  readBytesWithinLimit,
  readTextWithinLimit,
  UnsafeAnswerError,
} from '../http/index.js';
import { refusedAddressIn } from './pinned-download-fetch.js';
import type { Connection } from './service-connection.js';

/** What a model makes, and so the media types its result files may have. */
export type ResultKind = 'image' | 'audio' | 'video' | 'text';

export interface DownloadedFile {
  readonly data: Uint8Array;
  /** From the answer's Content-Type, without parameters. */
  readonly mediaType: string | undefined;
}

const RETRY_DELAYS_MS = [250, 1000];
const MAX_REDIRECTS = 5;
const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
/** Of a failed download's answer, only the start is read, for the error. */
const FAILED_BODY_BYTES = 2048;

function transient(status: number): boolean {
  return status === 404 || status === 408 || status === 425 || status === 429 || status >= 500;
}

/** A download the provider will not make, at any attempt: the service named a place it must not read. */
class DownloadRefusal extends Error {}

/**
 * Generic binary is what many stores serve any file as; anything else must be the model's kind
 * (a page of text handed back as image bytes is what a hostile URL would give).
 */
function acceptable(mediaType: string | undefined, kind: ResultKind): boolean {
  if (mediaType === undefined) return false;
  return mediaType.startsWith(`${kind}/`) || (kind !== 'text' && mediaType === 'application/octet-stream');
}

async function attempt(
  connection: Connection,
  url: string,
  kind: ResultKind,
  signal: AbortSignal | undefined,
) {
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const refusal = await connection.downloads.refusalOf(current);
    if (refusal) throw new DownloadRefusal(refusal);
    // Redirects are followed here, one by one, so that each new address is checked before it is asked.
    const response = await connection.fetch(current, {
      method: 'GET',
      redirect: 'manual',
      ...(signal ? { signal } : {}),
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (redirects >= MAX_REDIRECTS) throw new DownloadRefusal(`more than ${MAX_REDIRECTS} redirects`);
      current = new URL(location, current).href;
      continue;
    }
    if (!response.ok) {
      const body = await readTextWithinLimit(response, FAILED_BODY_BYTES).catch(() => '');
      return { ok: false as const, status: response.status, body };
    }
    const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || undefined;
    if (!acceptable(mediaType, kind)) {
      await response.body?.cancel();
      throw new DownloadRefusal(`it is served as ${mediaType ?? 'no media type'}, not as ${kind}`);
    }
    const data = await readBytesWithinLimit(
      response,
      connection.settings.maxDownloadBytes ?? DEFAULT_MAX_BYTES,
    );
    return { ok: true as const, file: { data, mediaType } };
  }
}

/** A refused download, as the SDK's error for a failed call: not retryable, `unsafe_answer`. */
function refused(connection: Connection, url: string, refusal: DownloadRefusal): APICallError {
  const safeUrl = connection.client.redactor.redact(url);
  const error = new UnsafeAnswerError({
    method: 'GET',
    url: safeUrl,
    message: `The result file was not downloaded: ${connection.client.redactor.redact(refusal.message)}. Add its origin to downloadOrigins if you trust it`,
  });
  return new APICallError({
    message: error.message,
    url: safeUrl,
    requestBodyValues: undefined,
    isRetryable: false,
    data: error.toJSON(),
    cause: error,
  });
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

/**
 * The bytes at `url`, a file of `kind`; throws a non-retryable `APICallError` when they cannot be
 * had or must not be read.
 */
export async function downloadOutput(
  connection: Connection,
  url: string,
  kind: ResultKind,
  signal: AbortSignal | undefined,
): Promise<DownloadedFile> {
  let failure: { status?: number; body?: string; cause?: unknown } = {};
  for (let round = 0; round <= RETRY_DELAYS_MS.length; round += 1) {
    if (round > 0) await connection.client.clock.sleep(RETRY_DELAYS_MS[round - 1]!, signal);
    try {
      const result = await attempt(connection, url, kind, signal);
      if (result.ok) return result.file;
      failure = { status: result.status, body: result.body };
      if (!transient(result.status)) break;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // Too large will not change by asking again.
      if (ResponseTooLargeFailure.isInstance(error)) throw tooLarge(connection, url, error);
      if (error instanceof DownloadRefusal) throw refused(connection, url, error);
      const refusedAddress = refusedAddressIn(error);
      if (refusedAddress) throw refused(connection, url, new DownloadRefusal(refusedAddress.message));
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
