import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { McpServerInfo } from '../../discovery/documents/mcp-manifest.js';
import type { McpInspection, McpInspectionContext, McpInspector } from '../../discovery/mcp-inspector.js';
import { DEFAULT_MAX_RESPONSE_BYTES, limitStream, ResponseTooLargeFailure } from '../../http/index.js';
import { VERSION } from '../../version.js';
import { originBoundFetch } from './origin-bound-fetch.js';

/**
 * How discovery's MCP inspector reaches the service's hosted MCP servers: the headers it sends,
 * the origins it trusts, and how much it reads.
 *
 * @example
 * const service = await discover('https://api.example.com', {
 *   mcp: createMcpInspector({ timeoutMs: 5_000, headers: () => ({ authorization: `Bearer ${token}` }) }),
 * });
 */
export interface McpInspectorOptions {
  /**
   * Headers for each server, e.g. its credential: `(server) => ({ Authorization: 'Bearer ...' })`.
   * Sent only to the service's own origin and `trustedOrigins`: a server that the service's
   * documents place elsewhere gets none of them. A redirect to another origin is not followed at
   * all, unless that origin is one of `trustedOrigins`.
   */
  readonly headers?: (server: McpServerInfo) => Record<string, string> | undefined;
  /** Further origins that may receive `headers`, and that a server may redirect to. @default [] */
  readonly trustedOrigins?: readonly string[];
  /** Largest resource text kept, in characters. @default 200000 */
  readonly maxResourceChars?: number;
  /** Time limit per server, in ms. @default 10000 */
  readonly timeoutMs?: number;
  /**
   * Largest answer read from a server, in bytes, counted after decompression (each answer,
   * including each event stream as a whole).
   * @default 33554432 (32 MiB)
   */
  readonly maxResponseBytes?: number;
}

/** `fetch` whose answers stop being read past `limitBytes`: the MCP client reads bodies whole. */
function limitedFetch(limitBytes: number, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const body = limitStream(
      response.body,
      limitBytes,
      () => new ResponseTooLargeFailure(limitBytes, response.status),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * Looks at the service's hosted MCP servers with the official client: lists their tools and reads
 * their reference resources (scope catalogue, rate-limit policy, error model). Pass it to
 * `discover(url, { mcp: createMcpInspector() })`.
 */
export function createMcpInspector(options: McpInspectorOptions = {}): McpInspector {
  const maxChars = options.maxResourceChars ?? 200_000;
  const trusted = new Set((options.trustedOrigins ?? []).map((origin) => new URL(origin).origin));
  return {
    async inspect(server: McpServerInfo, context: McpInspectionContext = {}): Promise<McpInspection> {
      const { signal } = context;
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
      const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const serverUrl = new URL(server.url);
      const serviceOrigin = context.serviceOrigin ?? serverUrl.origin;
      const mayReceive = (origin: string) => origin === serviceOrigin || trusted.has(origin);
      // Not even asked for where they could not go: the caller's function may read a secret store.
      const headers = mayReceive(serverUrl.origin) ? options.headers?.(server) : undefined;
      const fetch = originBoundFetch({
        // Discovery's pinned wire when it gives one (see McpInspectionContext.fetch).
        ...(context.fetch ? { fetch: context.fetch as typeof globalThis.fetch } : {}),
        boundHeaders: Object.keys(headers ?? {}),
        mayReceive,
        mayFollow: (origin) => trusted.has(origin),
      });
      const transport = new StreamableHTTPClientTransport(serverUrl, {
        requestInit: { ...(headers ? { headers } : {}), signal: abort },
        fetch: limitedFetch(options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, fetch),
      });
      const client = new Client({ name: 'generation-agent-toolkit', version: VERSION });
      await client.connect(transport, { signal: abort });
      try {
        const tools = await client.listTools(undefined, { signal: abort });
        const listed = await client.listResources(undefined, { signal: abort });
        const resources = [];
        for (const resource of listed.resources) {
          const read = await client.readResource({ uri: resource.uri }, { signal: abort });
          const text = read.contents
            .map((content) => ('text' in content && typeof content.text === 'string' ? content.text : ''))
            .join('\n')
            .slice(0, maxChars);
          resources.push({
            uri: resource.uri,
            ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
            text,
          });
        }
        return { tools: tools.tools.map((tool) => tool.name), resources };
      } finally {
        await client.close();
      }
    },
  };
}
