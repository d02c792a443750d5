import type { AddressInfo } from 'node:net';
import { UsageError } from '../../errors/index.js';
import {
  createMcpHttpHandler,
  type McpHttpHandlerOptions,
  type McpServerFactory,
} from './mcp-http-handler.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Where `serveMcpHttp` listens (loopback by default), beside the handler's limits.
 *
 * @example
 * const listener = await serveMcpHttp(createMcpServerFactory(session), { port: 3333, path: '/mcp' });
 * console.log(listener.url);
 */
export interface ServeMcpHttpOptions extends McpHttpHandlerOptions {
  /** TCP port; 0 picks a free one (read it from `url`). @default 0 */
  readonly port?: number;
  /** Interface to listen on. Only loopback unless `allowNonLoopback` is set. @default '127.0.0.1' */
  readonly hostname?: string;
  /**
   * Listen beyond this machine. The server acts with the session's credentials, and whoever
   * reaches it also answers its approval questions: put authentication in front of it first.
   * @default false
   */
  readonly allowNonLoopback?: boolean;
  /** Path of the MCP endpoint; other paths answer 404. @default '/mcp' */
  readonly path?: string;
}

/** A listening MCP endpoint. */
export interface McpHttpListener {
  /** The endpoint's URL, for the client: `http://127.0.0.1:8931/mcp`. */
  readonly url: string;
  /** 2025-11-25 sessions open now (with `legacy: 'sessions'`). */
  readonly sessions: number;
  /** Stops the calls still running and closes the sessions, then stops listening. */
  close(): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP on Node, with {@link createMcpHttpHandler} at `path` (both
 * protocol versions): for clients that connect to a URL rather than launch a process. On loopback, the Host header must name
 * loopback too (against DNS rebinding) unless `allowedHosts` says otherwise.
 *
 * @example
 * ```ts
 * const listener = await serveMcpHttp(createMcpServerFactory(session), { port: 8931 });
 * console.error(`MCP endpoint: ${listener.url}`); // add it to the client as a remote MCP server
 * ```
 */
export async function serveMcpHttp(
  serverFactory: McpServerFactory,
  options: ServeMcpHttpOptions = {},
): Promise<McpHttpListener> {
  // Loaded here, not at import: the /mcp entry's Web handler runs where Node's HTTP server does not.
  const { serve } = await import('@hono/node-server');
  const hostname = options.hostname ?? '127.0.0.1';
  if (!LOOPBACK.has(hostname) && !options.allowNonLoopback)
    throw new UsageError(
      `${hostname} is not loopback; pass allowNonLoopback: true to serve MCP beyond this machine`,
    );
  const path = options.path ?? '/mcp';
  const handler = createMcpHttpHandler(serverFactory, {
    ...options,
    ...(LOOPBACK.has(hostname) && !options.allowedHosts ? { allowedHosts: LOOPBACK_HOSTS } : {}),
  });
  const fetch = (request: Request) =>
    new URL(request.url).pathname === path
      ? handler.fetch(request)
      : Promise.resolve(new Response(null, { status: 404 }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch, port: options.port ?? 0, hostname }, () => resolve(started));
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  return {
    url: `http://${host}:${port}${path}`,
    get sessions() {
      return handler.sessions;
    },
    async close() {
      await handler.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open SSE streams would hold close() back until they end by themselves.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
}
