/**
 * A result file as a stream, fetched under the provider's download policy, for a program that
 * saves results itself (`gentk demo`): the same rules as the provider's own downloads (the
 * service's origin or one the caller trusts; no loopback, private or link-local address unless
 * the service itself is there, checked at every redirect and again when connecting; a byte
 * limit), without holding the file in memory.
 * @module
 */

import { createDownloadPolicy } from '../http/download-policy.js';
import { limitStream, ResponseTooLargeFailure } from '../http/index.js';
import { createPinnedDownloadFetch, refusedAddressIn } from './pinned-download-fetch.js';

/**
 * Where a result file is, and the rules its download follows.
 *
 * @example
 * const file = await fetchResultFile({
 *   url: 'https://cdn.example.com/files/a.png',
 *   serviceUrl: 'https://api.example.com',
 *   trustedOrigins: ['https://cdn.example.com'], // the service's own CDN
 *   maxBytes: 20 * 1024 * 1024,
 * });
 * await file.close();
 */
export interface FetchResultFileOptions {
  /** The file's URL, as the service gave it. */
  readonly url: string;
  /** The service's base URL: its origin may serve files, and its own addresses may be non-public. */
  readonly serviceUrl: string;
  /** Further origins trusted to serve result files (a CDN). @default [] */
  readonly trustedOrigins?: readonly string[];
  /** Largest file read, in bytes; the stream fails past it. @default 104857600 (100 MiB) */
  readonly maxBytes?: number;
  readonly signal?: AbortSignal;
}

/** A result file being downloaded: read `body` to its end (or cancel it), then `close()`. */
export interface ResultFile {
  /** From the answer's Content-Type, without parameters. */
  readonly mediaType: string | undefined;
  /** The bytes, as they arrive; the stream errors past `maxBytes`. */
  readonly body: ReadableStream<Uint8Array>;
  /** Ends the download's connections. */
  close(): Promise<void>;
}

const MAX_REDIRECTS = 5;
const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Opens the result file at `url` under the download policy; throws an `Error` saying why when
 * the policy refuses it (an origin not trusted, a private address) or the service answers an
 * error.
 *
 * @example
 * ```ts
 * import { createWriteStream } from 'node:fs';
 * import { Readable } from 'node:stream';
 * import { pipeline } from 'node:stream/promises';
 * import { fetchResultFile } from 'generation-agent-toolkit/provider';
 *
 * const file = await fetchResultFile({ url: 'https://api.example.com/files/a.png', serviceUrl: 'https://api.example.com' });
 * try {
 *   await pipeline(Readable.fromWeb(file.body as never), createWriteStream('a.png'));
 * } finally {
 *   await file.close();
 * }
 * ```
 */
export async function fetchResultFile(options: FetchResultFileOptions): Promise<ResultFile> {
  const policy = createDownloadPolicy({
    serviceUrl: options.serviceUrl,
    ...(options.trustedOrigins ? { trustedOrigins: options.trustedOrigins } : {}),
  });
  const pinned = createPinnedDownloadFetch(policy);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  try {
    let current = options.url;
    for (let redirects = 0; ; redirects += 1) {
      const refusal = await policy.refusalOf(current);
      if (refusal) throw new Error(`The result file was not downloaded: ${refusal}.`);
      let response: Response;
      try {
        response = await pinned.fetch(current, {
          method: 'GET',
          redirect: 'manual',
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        const refused = refusedAddressIn(error);
        throw new Error(`The result file was not downloaded: ${refused ? refused.message : String(error)}.`);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (redirects >= MAX_REDIRECTS)
          throw new Error(`The result file was not downloaded: more than ${MAX_REDIRECTS} redirects.`);
        current = new URL(location, current).href;
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new Error(`The result file was not downloaded: HTTP ${response.status}.`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBytes) {
        await response.body.cancel();
        throw new Error(
          `The result file was not downloaded: it is ${declared} bytes, over the limit of ${maxBytes}.`,
        );
      }
      return {
        mediaType: response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || undefined,
        body: limitStream(
          response.body,
          maxBytes,
          () => new ResponseTooLargeFailure(maxBytes, response.status),
        ),
        close: () => pinned.close(),
      };
    }
  } catch (error) {
    await pinned.close();
    throw error;
  }
}
