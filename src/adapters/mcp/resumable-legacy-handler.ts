import {
  type EventStore,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { McpServerFactory } from './create-mcp-server.js';
import { jsonRpcErrorResponse } from './json-rpc-error-response.js';
import { jsonBodyOrRefusal } from './read-json-body.js';

/**
 * How the resumable 2025-11-25 streams behave.
 *
 * @example
 * createMcpHttpHandler(factory, { eventStore: new MemoryMcpEventStore(), sseRetryMs: 2_000 });
 */
export interface ResumableStreamOptions {
  /**
   * Where the events of 2025-11-25 response streams are kept, so that a client whose stream broke
   * reconnects with `Last-Event-ID` and gets what it missed and the result (the MCP SDK's
   * `EventStore`). Share one across a fleet: the instance the client reconnects to reads the
   * events the other one keeps writing. `false` turns resumption off: a broken stream then ends
   * its call.
   * @default a MemoryMcpEventStore of this process
   */
  readonly eventStore?: EventStore | false;
  /** How long a client waits before reconnecting a broken stream (SSE `retry`), in ms. @default 1000 */
  readonly sseRetryMs?: number;
}

/** The leg's own limits: how long a call and a reconnected stream may last. */
interface LegOptions extends ResumableStreamOptions {
  readonly eventStore: EventStore;
  readonly maxBodyBytes: number;
  /** How often a reconnected stream looks for new events, in ms. */
  readonly followIntervalMs?: number;
  /** Longest life of a call's server, and of a reconnected stream, in ms. */
  readonly maxCallMs?: number;
}

const SERVER_ERROR = -32000;

const isResponse = (message: JSONRPCMessage) =>
  isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);

/**
 * 2025-11-25 Streamable HTTP served statelessly (an instance per request, as the SDK's stateless
 * leg does) with resumable streams: each response stream's events go to the event store, with a
 * priming event and a `retry` hint first. When the client's connection breaks, the call goes on
 * (it ends by its own wait, at most `maxCallMs`) and its events are kept; the client's `GET` with
 * `Last-Event-ID`, on this instance or another sharing the store, replays what followed and keeps
 * following the store until the call's response.
 */
export function resumableLegacyHandler(serverFactory: McpServerFactory, options: LegOptions) {
  const { eventStore } = options;
  const followIntervalMs = options.followIntervalMs ?? 250;
  const maxCallMs = options.maxCallMs ?? 15 * 60_000;
  const live = new Set<() => void>();

  async function post(request: Request): Promise<Response> {
    const read = await jsonBodyOrRefusal(request, options.maxBodyBytes);
    if ('refusal' in read) return read.refusal;
    const { body } = read;
    const server = serverFactory({ era: 'legacy' });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      eventStore,
      retryInterval: options.sseRetryMs ?? 1_000,
    });
    let open = (Array.isArray(body) ? body : [body]).filter((message) => isJSONRPCRequest(message)).length;
    const teardown = () => {
      if (!live.delete(teardown)) return;
      clearTimeout(timer);
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    };
    const timer = setTimeout(teardown, maxCallMs);
    (timer as { unref?: () => void }).unref?.();
    live.add(teardown);
    await server.connect(transport);
    // The call outlives its HTTP response when the client's connection breaks: the instance goes
    // once every request of the body is answered, not when the stream closes.
    const send = transport.send.bind(transport);
    transport.send = async (message, sendOptions) => {
      await send(message, sendOptions);
      if (isResponse(message) && --open <= 0) teardown();
    };
    const response = await transport.handleRequest(request, { parsedBody: body });
    if (open <= 0 || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) teardown();
    return response;
  }

  /** A reconnection: the events after `Last-Event-ID`, then the new ones until the response. */
  async function resume(request: Request): Promise<Response> {
    const lastEventId = request.headers.get('last-event-id');
    if (lastEventId === null)
      return jsonRpcErrorResponse(405, SERVER_ERROR, 'Method not allowed.', { allow: 'POST' });
    if (!request.headers.get('accept')?.includes('text/event-stream'))
      return jsonRpcErrorResponse(406, SERVER_ERROR, 'Not Acceptable: Client must accept text/event-stream');
    if (eventStore.getStreamIdForEventId && !(await eventStore.getStreamIdForEventId(lastEventId)))
      return jsonRpcErrorResponse(400, SERVER_ERROR, 'Unknown Last-Event-ID: this stream is not kept.');
    const encoder = new TextEncoder();
    let cancelled = false;
    let wake: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        let last = lastEventId;
        let answered = false;
        const deadline = Date.now() + maxCallMs;
        try {
          while (!cancelled && !answered && Date.now() < deadline) {
            await eventStore.replayEventsAfter(last, {
              send: async (eventId, message) => {
                if (cancelled) return;
                controller.enqueue(
                  encoder.encode(`event: message\nid: ${eventId}\ndata: ${JSON.stringify(message)}\n\n`),
                );
                last = eventId;
                if (isResponse(message)) answered = true;
              },
            });
            if (answered || cancelled) break;
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, followIntervalMs);
            });
          }
        } catch {
          // The stream left the store (evicted, expired): the client starts over from its handle.
        }
        if (!cancelled) controller.close();
      },
      cancel() {
        cancelled = true;
        wake?.();
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  }

  return {
    fetch(request: Request): Promise<Response> {
      const method = request.method.toUpperCase();
      if (method === 'POST') return post(request);
      if (method === 'GET') return resume(request);
      return Promise.resolve(
        jsonRpcErrorResponse(405, SERVER_ERROR, 'Method not allowed.', { allow: 'POST' }),
      );
    },
    async close() {
      for (const teardown of [...live]) teardown();
    },
  };
}
