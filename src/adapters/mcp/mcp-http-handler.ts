import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { jsonRpcErrorResponse } from './json-rpc-error-response.js';
import { BodyReadError, readJsonBody } from './read-json-body.js';
import { type RequestGuardOptions, refusedRequest } from './request-guard.js';

/** Makes the MCP server of one client session. */
export type McpServerFactory = () => Server | Promise<Server>;

/**
 * Limits of the streamable-HTTP MCP handler: which hosts and origins it answers, how many sessions it
 * keeps and for how long, and how large a request body may be.
 *
 * @example
 * const handler = createMcpHttpHandler(() => createMcpServer(session), {
 *   allowedHosts: ['mcp.example.com'],
 *   sessionIdleMs: 300_000,
 *   maxSessions: 50,
 * });
 * const response = await handler.fetch(request); // from any fetch-style server: Hono, Deno.serve, a Worker
 */
export interface McpHttpHandlerOptions extends RequestGuardOptions {
  /** A session with no request for this long is closed, in ms. @default 1800000 (30 minutes) */
  readonly sessionIdleMs?: number;
  /** Sessions open at once; a new client past it is answered 503. @default 100 */
  readonly maxSessions?: number;
  /** Largest body of a request that opens a session, in bytes. @default 4194304 */
  readonly maxBodyBytes?: number;
}

/** A Streamable HTTP endpoint as a Web handler, with its sessions. */
export interface McpHttpHandler {
  /** Answers one HTTP request to the MCP endpoint (POST, GET and DELETE). */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Sessions open now. */
  readonly sessions: number;
  /** Closes every session; calls still running are cancelled. */
  close(): Promise<void>;
}

interface OpenSession {
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
}

/** JSON-RPC codes the SDK's transport uses for the same answers. */
const SERVER_ERROR = -32000;
const SESSION_NOT_FOUND = -32001;
const PARSE_ERROR = -32700;

/**
 * MCP over Streamable HTTP as a Web `(Request) => Promise<Response>` handler, to mount at one path
 * of any server that speaks Web requests (Hono, Bun, Deno, Next.js; {@link serveMcpHttp} for plain
 * Node).
 *
 * It keeps sessions (`Mcp-Session-Id`), one MCP server from `serverFactory` each, rather than
 * being stateless: a tool call that needs approval asks the person through elicitation, a request
 * from the server whose answer the client POSTs separately, and only a server that outlives one
 * HTTP request can receive it. Sessions end on the client's DELETE, after `sessionIdleMs` without
 * a request, or on {@link McpHttpHandler.close}.
 *
 * Whoever reaches the endpoint acts with the session's credentials and answers its approval
 * questions: keep it on loopback with `allowedHosts` set, or put authentication in front of it.
 *
 * @example With Hono:
 * ```ts
 * const mcp = createMcpHttpHandler(() => createMcpServer(session), { allowedHosts: ['localhost'] });
 * app.all('/mcp', (c) => mcp.fetch(c.req.raw));
 * ```
 */
export function createMcpHttpHandler(
  serverFactory: McpServerFactory,
  options: McpHttpHandlerOptions = {},
): McpHttpHandler {
  const idleMs = options.sessionIdleMs ?? 1_800_000;
  const maxSessions = options.maxSessions ?? 100;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const sessions = new Map<string, OpenSession>();
  // Sessions being opened count against the limit too, or simultaneous clients would overshoot it.
  let opening = 0;

  const closeIdle = (now: number) => {
    for (const [id, session] of sessions) {
      if (now - session.lastSeen > idleMs) {
        sessions.delete(id);
        void session.server.close().catch(() => undefined);
      }
    }
  };

  async function openSession(request: Request): Promise<Response> {
    let body: unknown;
    try {
      body = await readJsonBody(request, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyReadError)
        return jsonRpcErrorResponse(
          error.status,
          error.status === 413 ? SERVER_ERROR : PARSE_ERROR,
          error.message,
        );
      throw error;
    }
    const initializes = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
    if (!initializes)
      return jsonRpcErrorResponse(400, SERVER_ERROR, 'Bad Request: No valid session ID provided');
    if (sessions.size + opening >= maxSessions)
      return jsonRpcErrorResponse(503, SERVER_ERROR, 'Too many MCP sessions are open; try again later', {
        'retry-after': '60',
      });
    opening += 1;
    try {
      return await startSession(request, body);
    } finally {
      opening -= 1;
    }
  }

  async function startSession(request: Request, body: unknown): Promise<Response> {
    const server = await serverFactory();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { server, transport, lastSeen: Date.now() });
      },
    });
    const previous = server.onclose;
    server.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      previous?.();
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    // An initialize the transport refused opened no session: nothing will reach this server again.
    if (transport.sessionId === undefined) await server.close().catch(() => undefined);
    return response;
  }

  return {
    async fetch(request) {
      const refused = refusedRequest(request, options);
      if (refused) return jsonRpcErrorResponse(403, SERVER_ERROR, `Forbidden: ${refused}`);
      const now = Date.now();
      closeIdle(now);
      const id = request.headers.get('mcp-session-id');
      if (id === null) {
        if (request.method === 'POST') return openSession(request);
        return jsonRpcErrorResponse(400, SERVER_ERROR, 'Bad Request: No valid session ID provided');
      }
      const session = sessions.get(id);
      if (!session) return jsonRpcErrorResponse(404, SESSION_NOT_FOUND, 'Session not found');
      session.lastSeen = now;
      // A DELETE ends the session: the transport closes, and with it the server (see onclose).
      return session.transport.handleRequest(request);
    },
    get sessions() {
      return sessions.size;
    },
    async close() {
      const closing = [...sessions.values()];
      sessions.clear();
      await Promise.all(closing.map((session) => session.server.close().catch(() => undefined)));
    },
  };
}
