/**
 * Small images and audio shown in the result itself (`image` / `audio` content blocks), for hosts
 * that display content but do not fetch links. Fetched only from where the service's results
 * live (its own origin and the origins the application trusts), under the provider's download
 * policy (no loopback or private address unless the service itself is there), without following
 * redirects, bounded in size and time; a file that cannot be had that way stays a link.
 * @module
 */

import type { ContentBlock } from '@modelcontextprotocol/server';
import { limitStream, ResponseTooLargeFailure } from '../../http/index.js';
import type { ToolResult } from '../../tools/tool-result.js';

/**
 * What inline media may be fetched, and how much of it.
 *
 * @example
 * createMcpServerFactory(session, {
 *   inlineMedia: { maxBytes: 512 * 1024, trustedOrigins: ['https://cdn.example.com'] },
 * });
 */
export interface InlineMediaOptions {
  /** Largest file inlined, in bytes; 0 inlines nothing. @default 1048576 (1 MiB) */
  readonly maxBytes?: number;
  /** Origins besides the service's own that results may be fetched from (a CDN). @default [] */
  readonly trustedOrigins?: readonly string[];
  /** Time limit per file, in ms. @default 10000 */
  readonly timeoutMs?: number;
}

const INLINE_KINDS = ['image/', 'audio/'];

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk)
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  return btoa(binary);
}

/** Whether the download policy refuses `url`; a runtime without it (no DNS) refuses every URL. */
async function policyRefuses(url: string, serviceUrl: string, trusted: readonly string[]): Promise<boolean> {
  try {
    // Loaded when needed: the policy resolves names with Node's DNS, which a Worker does not have.
    const { createDownloadPolicy } = await import('../../provider/download-policy.js');
    const policy = createDownloadPolicy({ serviceUrl, trustedOrigins: trusted });
    return (await policy.refusalOf(url)) !== undefined;
  } catch {
    return true;
  }
}

async function fetchInline(
  url: string,
  mediaType: string,
  serviceUrl: string,
  options: InlineMediaOptions,
  signal: AbortSignal | undefined,
): Promise<ContentBlock | undefined> {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const trusted = options.trustedOrigins ?? [];
  const origins = new Set([new URL(serviceUrl).origin, ...trusted.map((origin) => new URL(origin).origin)]);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  if (!origins.has(target.origin) || (await policyRefuses(url, serviceUrl, trusted))) return undefined;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const response = await fetch(target, {
    redirect: 'manual',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? mediaType;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (
    !response.ok ||
    !response.body ||
    !INLINE_KINDS.some((kind) => type.startsWith(kind)) ||
    declared > maxBytes
  ) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const body = limitStream(
    response.body,
    maxBytes,
    () => new ResponseTooLargeFailure(maxBytes, response.status),
  );
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  const data = bytesToBase64(bytes);
  return type.startsWith('image/')
    ? { type: 'image', data, mimeType: type }
    : { type: 'audio', data, mimeType: type };
}

/**
 * The inline blocks of a result: each small image or audio output, in order. A file that cannot
 * be fetched under the policy, or is larger than `maxBytes`, is left out: its `resource_link`
 * stays.
 */
export async function inlineMedia(
  result: ToolResult,
  serviceUrl: string,
  options: InlineMediaOptions,
  signal: AbortSignal | undefined,
): Promise<ContentBlock[]> {
  if (result.status !== 'success' || (options.maxBytes ?? 1) <= 0) return [];
  const blocks: ContentBlock[] = [];
  for (const output of result.outputs) {
    const mediaType = output.mediaType ?? '';
    if (!INLINE_KINDS.some((kind) => mediaType.startsWith(kind))) continue;
    try {
      const block = await fetchInline(output.url, mediaType, serviceUrl, options, signal);
      if (block) blocks.push(block);
    } catch {
      // Not inlined: the link is there.
    }
  }
  return blocks;
}
