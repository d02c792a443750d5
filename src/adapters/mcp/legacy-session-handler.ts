import {
  type EventStore,
  isInitializeRequest,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { McpServerFactory } from './create-mcp-server.js';
import { jsonRpcErrorResponse } from './json-rpc-error-response.js';
import { jsonBodyOrRefusal } from './read-json-body.js';

/**
 * Limits of the sessions kept for 2025-11-25 clients (`legacy: 'sessions'`).
 *
 * @example
 * createMcpHttpHandler(factory, { legacy: 'sessions', sessionIdleMs: 300_000, maxSessions: 50 });
 */
export interface LegacySessionOptions {
  /** A session with no request for this long is closed, in ms. @default 1800000 (30 minutes) */
  readonly sessionIdleMs?: number;
  /** Sessions open at once; a new client past it is answered 503. @default 100 */
  readonly maxSessions?: number;
  /** Largest body of a request that opens a session, in bytes. @default 4194304 */
  readonly maxBodyBytes?: number;
}

/** The 2025-11-25 Streamable HTTP endpoint with sessions, as a Web handler. */
export interface LegacySessionHandler {
  readonly fetch: (request: Request) => Promise<Response>;
  readonly sessions: number;
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

/**
 * 2025-11-25 Streamable HTTP with sessions (`Mcp-Session-Id`), one MCP server each: what a
 * 2025-11-25 client needs for the server to ask it a question (elicitation) in the middle of a
 * call, since the answer comes back in another request that only a server outliving one request
 * can receive. It ties a client to one instance, so it is the option of a single-instance
 * deployment; the stateless default serves a fleet. Sessions end on the client's DELETE, after
 * `sessionIdleMs` without a request, or on close.
 */
export function legacySessionHandler(
  serverFactory: McpServerFactory,
  options: LegacySessionOptions & {
    readonly eventStore?: EventStore | undefined;
    readonly sseRetryMs?: number;
  } = {},
): LegacySessionHandler {
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
    const read = await jsonBodyOrRefusal(request, maxBodyBytes);
    if ('refusal' in read) return read.refusal;
    const { body } = read;
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
    const server = serverFactory({ era: 'legacy' });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      // A session's broken stream is resumed by the transport itself, from the store.
      ...(options.eventStore
        ? { eventStore: options.eventStore, retryInterval: options.sseRetryMs ?? 1_000 }
        : {}),
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
