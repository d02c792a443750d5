/**
 * The MCP App that shows generated media in hosts that support MCP Apps
 * (`io.modelcontextprotocol/ui`, the `@modelcontextprotocol/ext-apps` extension): a `ui://`
 * resource of type `text/html;profile=mcp-app` that the generation tools name in
 * `_meta.ui.resourceUri`. Its HTML is built here, once per server factory, with its script inline:
 * nothing is fetched when a host shows it. Hosts without Apps ignore the metadata and show the
 * content blocks.
 * @module
 */

import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  type Server,
} from '@modelcontextprotocol/server';
import { VERSION } from '../../version.js';
import { type MediaViewerConfig, mediaViewerView } from './media-viewer-view.js';

/** The viewer's resource URI, named by every tool that waits for jobs. */
export const MEDIA_VIEWER_URI = 'ui://generation-agent-toolkit/media-viewer.html';

/** The MIME type of an MCP App's HTML (ext-apps' `RESOURCE_MIME_TYPE`). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The MCP Apps protocol version the viewer speaks (ext-apps' `LATEST_PROTOCOL_VERSION`). */
const APPS_PROTOCOL_VERSION = '2026-01-26';

/**
 * Where the viewer may load media from, as `createMcpServerFactory`'s `mediaViewer` option takes it.
 *
 * @example
 * createMcpServerFactory(session, { mediaViewer: { downloadOrigins: ['https://cdn.example.com'] } });
 */
export interface MediaViewerOptions {
  /**
   * Origins besides the service's own (and `inlineMedia.trustedOrigins`) that serve result files,
   * such as the service's CDN: the viewer's CSP lets images, audio and video load from them.
   * @default []
   */
  readonly downloadOrigins?: readonly string[];
}

/** The viewer's resource: its listing, its contents, and what tools put in their `_meta`. */
export interface MediaViewer {
  readonly listing: Resource;
  read(uri: string): ReadResourceResult | undefined;
  readonly toolMeta: Record<string, unknown>;
  /** The HTML, for its size. */
  readonly html: string;
  /** Offers the viewer on `server`: the `resources` capability, `resources/list` and `resources/read`. */
  serve(server: Server): void;
}

/** `https://cdn.example.com/x` -> `https://cdn.example.com`; anything that is not http(s) is dropped. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can close or hide it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root{color-scheme:light dark;font:14px/1.4 system-ui,sans-serif}
body{margin:0;padding:8px}
h1{font-size:1em;margin:0 0 8px}
figure{margin:0 0 8px}
img,video{max-width:100%;display:block;border-radius:4px}
audio{width:100%}
figcaption{font-size:.85em;opacity:.75}
progress{width:100%}
.error{color:#b3261e}
button{font:inherit;padding:4px 12px}
`;

function pageOf(config: MediaViewerConfig, mediaOrigins: readonly string[]): string {
  const sources = mediaOrigins.join(' ');
  // The host applies the CSP of `_meta.ui.csp`; the page carries the same rule, so that a host
  // that does not still loads media from these origins alone, and runs no other script.
  const policy = [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    `img-src ${sources} data: blob:`.trim(),
    `media-src ${sources} data: blob:`.trim(),
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<title>Generated media</title>',
    `<style>${STYLE.trim()}</style>`,
    '</head><body><main id="viewer"><p class="status">Waiting for the result…</p></main>',
    `<script>(${String(mediaViewerView)})(${scriptJson(config)});</script>`,
    '</body></html>',
  ].join('\n');
}

/**
 * The viewer for one server factory: the origins its CSP allows are the service's own, the
 * inline-media trusted origins and `options.downloadOrigins`, the places result files come from
 * under the provider's download policy.
 */
export function mediaViewer(input: {
  readonly serviceUrl: string;
  readonly trustedOrigins: readonly string[];
  readonly options: MediaViewerOptions;
  readonly resumeTool: string | undefined;
}): MediaViewer {
  const origins = [
    ...new Set(
      [input.serviceUrl, ...input.trustedOrigins, ...(input.options.downloadOrigins ?? [])]
        .map(originOf)
        .filter((origin): origin is string => origin !== undefined),
    ),
  ];
  const html = pageOf(
    {
      resumeTool: input.resumeTool,
      protocolVersion: APPS_PROTOCOL_VERSION,
      appInfo: { name: 'generation-agent-toolkit-media-viewer', version: VERSION },
    },
    origins,
  );
  // No connectDomains: the viewer fetches nothing itself; the host runs its tool calls.
  const ui = { csp: { resourceDomains: origins }, prefersBorder: true };
  const listing: Resource = {
    uri: MEDIA_VIEWER_URI,
    name: 'media-viewer',
    title: 'Generated media',
    description:
      'Shows the images, audio and video a generation tool returns, and follows a job still running.',
    mimeType: MCP_APP_MIME_TYPE,
    _meta: { ui },
  };
  const read = (uri: string): ReadResourceResult | undefined =>
    uri === MEDIA_VIEWER_URI
      ? { contents: [{ uri: MEDIA_VIEWER_URI, mimeType: MCP_APP_MIME_TYPE, text: html, _meta: { ui } }] }
      : undefined;
  return {
    html,
    listing,
    read,
    // Both spellings: `ui.resourceUri`, and the older `ui/resourceUri` some hosts still read.
    toolMeta: { ui: { resourceUri: MEDIA_VIEWER_URI }, 'ui/resourceUri': MEDIA_VIEWER_URI },
    serve(server) {
      server.registerCapabilities({ resources: {} });
      server.setRequestHandler('resources/list', () => ({ resources: [listing] }));
      server.setRequestHandler('resources/read', (request) => {
        const contents = read(request.params.uri);
        if (!contents)
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `Unknown resource ${request.params.uri}; resources/list names the resources of this server.`,
          );
        return contents;
      });
    },
  };
}
