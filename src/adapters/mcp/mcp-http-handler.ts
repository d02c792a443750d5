import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import type { McpServerFactory } from './create-mcp-server.js';
import { jsonRpcErrorResponse } from './json-rpc-error-response.js';
import { type LegacySessionOptions, legacySessionHandler } from './legacy-session-handler.js';
import { MemoryMcpEventStore } from './memory-event-store.js';
import { type RequestGuardOptions, refusedRequest } from './request-guard.js';
import { type ResumableStreamOptions, resumableLegacyHandler } from './resumable-legacy-handler.js';

export type { McpServerFactory } from './create-mcp-server.js';

/**
 * How the MCP endpoint serves: which hosts and origins it answers, how large a request may be,
 * and how it serves clients of the 2025-11-25 protocol.
 *
 * @example
 * const handler = createMcpHttpHandler(createMcpServerFactory(session), {
 *   allowedHosts: ['mcp.example.com'],
 *   maxBodyBytes: 1_048_576,
 * });
 * const response = await handler.fetch(request); // from any fetch-style server: Hono, Deno.serve, a Worker
 */
export interface McpHttpHandlerOptions
  extends RequestGuardOptions,
    LegacySessionOptions,
    ResumableStreamOptions {
  /**
   * How 2025-11-25 clients (those that open with `initialize`) are served:
   * - `'stateless'`: each request by a fresh instance, like 2026-07-28 ones, so any instance of a
   *   fleet answers any request. Such a client cannot be asked a question in the middle of a call
   *   (its answer would reach another instance): approvals go to the `approve` callback.
   * - `'sessions'`: one server per client session (`Mcp-Session-Id`) kept in this process, so the
   *   person can approve a payment in the client; for a single instance.
   * - `'reject'`: 2026-07-28 only.
   * @default 'stateless'
   */
  readonly legacy?: 'stateless' | 'sessions' | 'reject';
}

/** A Streamable HTTP endpoint as a Web handler. */
export interface McpHttpHandler {
  /** Answers one HTTP request to the MCP endpoint. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** 2025-11-25 sessions open now (`legacy: 'sessions'`; 0 otherwise). */
  readonly sessions: number;
  /** Stops the calls still running (their abort signal fires) and closes the sessions. */
  close(): Promise<void>;
}

const SERVER_ERROR = -32000;

/**
 * MCP over Streamable HTTP as a Web `(Request) => Promise<Response>` handler, to mount at one path
 * of any server that speaks Web requests (a Worker, Deno, Bun, Hono, Next.js; {@link serveMcpHttp}
 * for plain Node). It serves both protocol versions on one endpoint, through the official SDK:
 * 2026-07-28 (stateless: every request carries its version and the client's capabilities, the
 * client discovers the server with `server/discover`) and 2025-11-25 (`initialize` first), so SDK
 * 1.x and 2.x clients, the AI SDK's and LangChain's MCP clients and the Inspector all connect.
 *
 * Stateless by design: nothing a later request needs stays in the instance (a job's handle is in
 * the result and in every progress message), so instances behind a load balancer are
 * interchangeable. A call that needs approval asks through an `input_required` round, which the
 * client answers by repeating the request.
 *
 * Whoever reaches the endpoint acts with the session's credentials: keep it on loopback with
 * `allowedHosts` set, or put authentication in front of it.
 *
 * @example With Hono:
 * ```ts
 * const mcp = createMcpHttpHandler(createMcpServerFactory(session), { allowedHosts: ['localhost'] });
 * app.all('/mcp', (c) => mcp.fetch(c.req.raw));
 * ```
 */
export function createMcpHttpHandler(
  serverFactory: McpServerFactory,
  options: McpHttpHandlerOptions = {},
): McpHttpHandler {
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const legacy = options.legacy ?? 'stateless';
  const eventStore =
    options.eventStore === false ? undefined : (options.eventStore ?? new MemoryMcpEventStore());
  const sessions =
    legacy === 'sessions'
      ? legacySessionHandler(serverFactory, {
          ...options,
          eventStore: eventStore ?? undefined,
        })
      : undefined;
  // 2025-11-25 clients served statelessly get resumable streams when there is an event store.
  const resumable =
    legacy === 'stateless' && eventStore
      ? resumableLegacyHandler(serverFactory, { ...options, eventStore, maxBodyBytes })
      : undefined;
  const legacyLeg = sessions ?? resumable;
  const handler = createMcpHandler((context) => serverFactory({ era: context.era }), {
    legacy: legacy === 'reject' ? 'reject' : 'stateless',
    maxRequestBodySize: maxBodyBytes,
  });
  return {
    async fetch(request) {
      const refused = refusedRequest(request, options);
      if (refused) return jsonRpcErrorResponse(403, SERVER_ERROR, `Forbidden: ${refused}`);
      if (legacyLeg && (await isLegacyRequest(request, undefined, { maxRequestBodySize: maxBodyBytes })))
        return legacyLeg.fetch(request);
      return handler.fetch(request);
    },
    get sessions() {
      return sessions?.sessions ?? 0;
    },
    async close() {
      await Promise.all([handler.close(), legacyLeg?.close()]);
    },
  };
}
