import { createHash } from 'node:crypto';
import type { RequestContext } from '../context.js';

/** A document's text, and a digest of it from which strong ETags are made. */
export interface PublishedText {
  readonly text: string;
  readonly digest: string;
}

/** How long clients and proxies may reuse a published document. */
export const DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

/** Wraps a document's text with its digest, computed once. */
export function publishText(text: string): PublishedText {
  return { text, digest: createHash('sha256').update(text).digest('base64url') };
}

/**
 * A strong ETag of one representation. The media type takes part because a strong validator must
 * change when the representation does, and `/openapi.json` is served under two media types.
 */
export function strongEtag(document: PublishedText, contentType: string): string {
  const tag = createHash('sha256').update(`${contentType}\n${document.digest}`).digest('base64url');
  return `"${tag.slice(0, 32)}"`;
}

/** Whether an `If-None-Match` field matches `etag` (weak comparison, as RFC 9110 asks for this field). */
export function ifNoneMatchHits(field: string | undefined, etag: string): boolean {
  if (!field) return false;
  const opaque = (candidate: string) => candidate.trim().replace(/^W\//, '');
  return field.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === etag);
}

export interface SendDocumentOptions {
  readonly contentType: string;
  /** @default DOCUMENT_CACHE_CONTROL */
  readonly cacheControl?: string;
  /** Request fields the representation depends on, for `Vary`. */
  readonly vary?: string;
  /** Extra response fields, e.g. a `Link`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Answers with a document, or 304 when the client's copy is current. */
export function sendDocument(
  c: RequestContext,
  document: PublishedText,
  options: SendDocumentOptions,
): Response {
  const etag = strongEtag(document, options.contentType);
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': options.cacheControl ?? DOCUMENT_CACHE_CONTROL,
    ...(options.vary ? { Vary: options.vary } : {}),
    ...options.headers,
  };
  if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  return c.body(document.text, 200, { ...headers, 'Content-Type': options.contentType });
}
