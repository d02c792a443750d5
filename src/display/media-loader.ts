/**
 * Fetches the result files a notebook shows, so that they can be embedded in the notebook itself:
 * a file on the service's loopback emulator, or one that expires in a day, is otherwise a broken
 * image in the saved notebook. A result URL is the service's word, so each address (the first and
 * every redirect's) passes the download policy first, only images, audio and video are taken, and
 * none larger than the stated size.
 * @module
 */
import type { DownloadPolicy } from '../http/download-policy.js';
import { ResponseTooLargeFailure, readBytesWithinLimit } from '../http/response-size-limit.js';

/** A file fetched for embedding: its media type and its bytes in base64. */
export interface EmbeddedMedia {
  readonly mediaType: string;
  readonly base64: string;
}

/** The file at `url` to embed, or why it is linked instead. */
export type MediaLoader = (url: string) => Promise<EmbeddedMedia | { readonly refusal: string }>;

export interface MediaLoaderOptions {
  readonly policy: DownloadPolicy;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /**
   * The largest file embedded, in bytes; a larger one is shown by its URL.
   * @default 8 MiB
   */
  readonly maxBytes?: number;
  /** @default 10000 */
  readonly timeoutMs?: number;
}

/** The largest file a notebook embeds by default: a few images or a short clip, not a film. */
export const DEFAULT_EMBED_BYTES = 8 * 1024 * 1024;
const MAX_REDIRECTS = 5;

const SHOWN_KINDS = ['image/', 'audio/', 'video/'];

/** Base64 without Node's Buffer (the display runs in Deno, Bun and browsers' kernels too). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk)
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  return btoa(binary);
}

export function createMediaLoader(options: MediaLoaderOptions): MediaLoader {
  const fetchFile = options.fetch ?? globalThis.fetch;
  const maxBytes = options.maxBytes ?? DEFAULT_EMBED_BYTES;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (url) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let current = url;
    try {
      for (let redirects = 0; ; redirects += 1) {
        const refusal = await options.policy.refusalOf(current);
        if (refusal) return { refusal };
        const response = await fetchFile(current, { method: 'GET', redirect: 'manual', signal });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          if (redirects >= MAX_REDIRECTS) return { refusal: `more than ${MAX_REDIRECTS} redirects` };
          current = new URL(location, current).href;
          continue;
        }
        const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
        if (!response.ok || !SHOWN_KINDS.some((kind) => mediaType.startsWith(kind))) {
          await response.body?.cancel();
          return {
            refusal: response.ok
              ? `it is served as ${mediaType || 'no media type'}`
              : `HTTP ${response.status}`,
          };
        }
        const bytes = await readBytesWithinLimit(response, maxBytes);
        return { mediaType, base64: toBase64(bytes) };
      }
    } catch (error) {
      if (error instanceof ResponseTooLargeFailure)
        return { refusal: `it is larger than the ${maxBytes} bytes a notebook embeds` };
      return { refusal: signal.aborted ? `it took longer than ${timeoutMs} ms` : 'it could not be fetched' };
    }
  };
}
