import { type ConnectionFailure, describeConnectionFailure } from '../http/connection-failure.js';
import {
  jsonFailureOf,
  ResponseTooLargeFailure,
  type Transport,
  TransportFailure,
  type TransportResponse,
} from '../http/index.js';
import { refusedAddressIn } from '../http/pinned-fetch.js';
import { type CachedDocument, type DiscoveryCache, maxAgeOf } from './cache.js';
import { DiscoveryDocumentError } from './errors.js';

export interface DocumentFetchOptions {
  /** The HTTP core's wire: its byte limit and time limit apply to every read. */
  readonly transport: Transport;
  /** Per-document time limit. */
  readonly timeoutMs: number;
  /** Largest document accepted, in bytes. */
  readonly maxBytes: number;
  /** The option to raise when a document is over `maxBytes`; `maxDocumentBytes` unless said. */
  readonly maxBytesOption?: string;
  readonly maxRedirects: number;
  /** Why `url` (the document or a redirect's target) is not read, when it is not; checked before each request. */
  readonly refuse?: (url: URL) => Promise<string | undefined> | string | undefined;
  readonly signal?: AbortSignal;
  readonly cache?: DiscoveryCache;
  readonly userAgent: string;
  /** Clock for cache freshness. */
  readonly now: () => number;
}

export type DocumentKind = 'json' | 'markdown' | 'text';

export interface FetchedDocument {
  /** The URL that answered, after redirects. */
  readonly url: string;
  readonly contentType: string;
  readonly text: string;
  /** Body bytes downloaded for this read (0 when the cache answered). */
  readonly downloadedBytes: number;
  readonly fromCache: boolean;
  /** The Link field of the answer (pagination), when there was one. */
  readonly link?: string;
  /** Set when the media type was not the expected one but the content was usable. */
  readonly mediaTypeWarning?: string;
}

const ACCEPT: Record<DocumentKind, string> = {
  json: 'application/json, application/linkset+json, application/openapi+json;q=0.9, */*;q=0.1',
  markdown: 'text/markdown, text/plain;q=0.9, */*;q=0.1',
  text: 'text/plain, text/markdown;q=0.9, */*;q=0.1',
};

function expectedMediaType(kind: DocumentKind, contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (kind === 'json') return type === 'application/json' || type.endsWith('+json') || type === 'text/json';
  return type.startsWith('text/') && type !== 'text/html';
}

function fromCache(url: string, cached: CachedDocument): FetchedDocument {
  return {
    url,
    contentType: cached.contentType,
    text: cached.text,
    downloadedBytes: 0,
    fromCache: true,
    ...(cached.link ? { link: cached.link } : {}),
  };
}

/** The errors of reads cut at their byte limit: their body was downloaded up to it. */
const cutAtByteLimit = new WeakSet<object>();

/** Whether `error` is a read that stopped at its byte limit (so downloaded as many bytes). */
export function wasCutAtByteLimit(error: unknown): boolean {
  return typeof error === 'object' && error !== null && cutAtByteLimit.has(error);
}

function tooLarge(
  url: string,
  error: ResponseTooLargeFailure,
  maxBytes: number,
  option = 'maxDocumentBytes',
): DiscoveryDocumentError {
  const refusal = new DiscoveryDocumentError({
    document: url,
    message:
      error.declaredBytes !== undefined
        ? `The document is ${error.declaredBytes} bytes, over the limit of ${maxBytes}. Raise ${option} if you trust it.`
        : `The document is larger than the limit of ${maxBytes} bytes. Raise ${option} if you trust it.`,
  });
  cutAtByteLimit.add(refusal);
  return refusal;
}

/**
 * A read that failed, told as the document's failure: never the transport's raw error. One whose
 * answer had begun (a slowloris body cut by the time limit, a connection reset mid-body) says the
 * body broke off; one that got no answer at all says why, and is remembered as unanswered.
 */
function unreadable(
  error: unknown,
  url: string,
  options: Pick<DocumentFetchOptions, 'timeoutMs' | 'signal'>,
): DiscoveryDocumentError {
  const failure = TransportFailure.isInstance(error) ? error : undefined;
  // The transport's failure wraps what the socket or fetch threw, which says why; a time limit
  // is said the same way whichever transport enforced it.
  const cause = failure?.cause ?? error;
  const described = describeConnectionFailure(
    failure?.timedOut ? new DOMException(failure.message, 'TimeoutError') : cause,
    { timeoutMs: options.timeoutMs, url },
  );
  if (failure?.answered) {
    return new DiscoveryDocumentError({
      document: url,
      message: `The document's body could not be read to its end: ${described.description}.`,
      cause,
    });
  }
  const unanswered = new DiscoveryDocumentError({
    document: url,
    message: `The document could not be read: ${described.description}.`,
    retryable: true,
    cause,
  });
  if (options.signal?.aborted !== true) NO_ANSWER.set(unanswered, described);
  return unanswered;
}

/** The errors of reads that got no answer at all, with why (refused, timed out, DNS, ...). */
const NO_ANSWER = new WeakMap<object, ConnectionFailure>();

/**
 * Why a read that failed got no answer at all, when that is what happened (not a caller's abort,
 * not an HTTP status or an unusable document): the sign that the server itself is out of reach.
 */
export function connectionFailureOf(error: unknown): ConnectionFailure | undefined {
  return typeof error === 'object' && error !== null ? NO_ANSWER.get(error) : undefined;
}

/**
 * Reads one published document, treating it as untrusted: a time limit, a size limit, a bounded
 * number of redirects, a media-type check, and the cache (fresh entries are not downloaded again;
 * stale ones are revalidated with If-None-Match / If-Modified-Since).
 */
export async function fetchDocument(
  url: string,
  kind: DocumentKind,
  options: DocumentFetchOptions,
): Promise<FetchedDocument> {
  const cached = await options.cache?.get(url);
  if (cached && options.now() - cached.storedAt < cached.maxAgeMs) {
    return fromCache(url, cached);
  }
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const refusal = await options.refuse?.(new URL(current));
    if (refusal) throw new DiscoveryDocumentError({ document: current, message: refusal });
    const headers: Record<string, string> = { Accept: ACCEPT[kind], 'User-Agent': options.userAgent };
    if (cached && current === url) {
      if (cached.etag) headers['If-None-Match'] = cached.etag;
      if (cached.lastModified) headers['If-Modified-Since'] = cached.lastModified;
    }
    let response: TransportResponse;
    try {
      response = await options.transport({
        method: 'GET',
        url: new URL(current),
        headers,
        timeoutMs: options.timeoutMs,
        maxResponseBytes: options.maxBytes,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (ResponseTooLargeFailure.isInstance(error))
        throw tooLarge(current, error, options.maxBytes, options.maxBytesOption);
      // The address rule, applied again where the connection was made: the same refusal.
      const refused = refusedAddressIn(error);
      if (refused) throw new DiscoveryDocumentError({ document: current, message: refused.message });
      throw unreadable(error, current, options);
    }
    if (response.status === 304 && cached) {
      await options.cache?.set({
        ...cached,
        storedAt: options.now(),
        maxAgeMs: maxAgeOf(response.headers.get('cache-control')),
      });
      return fromCache(url, cached);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      if (redirects >= options.maxRedirects) {
        throw new DiscoveryDocumentError({
          document: url,
          message: `More than ${options.maxRedirects} redirects.`,
        });
      }
      current = new URL(location, current).href;
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      throw new DiscoveryDocumentError({
        document: current,
        message: `The document answered HTTP ${response.status}.`,
        status: response.status,
      });
    }
    const contentType = response.headers.get('content-type') ?? '';
    const text = response.body;
    const bytes = new TextEncoder().encode(text).byteLength;
    const document: CachedDocument = {
      url,
      text,
      contentType,
      storedAt: options.now(),
      maxAgeMs: maxAgeOf(response.headers.get('cache-control')),
      ...(response.headers.get('etag') ? { etag: response.headers.get('etag') as string } : {}),
      ...(response.headers.get('last-modified')
        ? { lastModified: response.headers.get('last-modified') as string }
        : {}),
      ...(response.headers.get('link') ? { link: response.headers.get('link') as string } : {}),
    };
    if (document.etag || document.lastModified || document.maxAgeMs > 0) await options.cache?.set(document);
    const mediaTypeWarning = expectedMediaType(kind, contentType)
      ? undefined
      : `Served as ${contentType || 'no media type'}, expected ${kind === 'json' ? 'JSON' : 'text'}.`;
    return {
      url: current,
      contentType,
      text,
      downloadedBytes: bytes,
      fromCache: false,
      ...(document.link ? { link: document.link } : {}),
      ...(mediaTypeWarning ? { mediaTypeWarning } : {}),
    };
  }
}

/** Parses a JSON document, or throws a DiscoveryDocumentError naming it. */
export function parseJsonDocument(document: FetchedDocument): unknown {
  if (/^\s*</.test(document.text)) {
    throw new DiscoveryDocumentError({
      document: document.url,
      message: `Expected JSON but got markup (${document.contentType || 'no media type'}); the address may serve a web page.`,
    });
  }
  try {
    return JSON.parse(document.text) as unknown;
  } catch (error) {
    throw new DiscoveryDocumentError({
      document: document.url,
      message: `The document is not valid JSON: ${jsonFailureOf(error, document.text)}.`,
    });
  }
}
