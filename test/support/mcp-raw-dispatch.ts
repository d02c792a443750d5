/**
 * The host's raw request path the ext-tasks client needs for 2026-07-28 task traffic: the
 * coordinator hands over method and params; this frames them as a JSON-RPC request with the
 * standard headers and reads the answer, whether JSON or an event stream.
 * @module
 */
import type { RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';

const VERSION = '2026-07-28';

/** The last JSON-RPC message of an answer, whether JSON or an event stream. */
export async function lastMessageOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
  const messages = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
  return messages.filter((message) => 'result' in message || 'error' in message).at(-1) ?? {};
}

export interface RawDispatchOptions {
  /** How requests reach the server (a handler's fetch, or the global fetch to a loopback URL). */
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  readonly endpoint: string;
  /** Sees each request's method before it goes. */
  readonly onRequest?: (method: string) => void;
  /** Changes a result before the client reads it. */
  readonly mapResult?: (result: Record<string, unknown>) => Record<string, unknown>;
}

export function rawTaskDispatch(options: RawDispatchOptions): RawClientDispatch {
  let ids = 0;
  return async (request, dispatchOptions) => {
    const message = request as { method: string; params?: { name?: string; taskId?: string } };
    options.onRequest?.(message.method);
    const name = message.params?.name ?? message.params?.taskId;
    const answer = await lastMessageOf(
      await options.fetch(options.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': VERSION,
          'mcp-method': message.method,
          ...(name !== undefined ? { 'mcp-name': name } : {}),
        },
        // The coordinator frames the request: the client hands over method and params only.
        body: JSON.stringify({ jsonrpc: '2.0', id: `raw-${++ids}`, ...(request as object) }),
        ...(dispatchOptions?.signal ? { signal: dispatchOptions.signal } : {}),
      }),
    );
    if ('error' in answer) return { kind: 'error', error: answer.error as never };
    const result = answer.result as Record<string, unknown>;
    return { kind: 'result', result: (options.mapResult ? options.mapResult(result) : result) as never };
  };
}
