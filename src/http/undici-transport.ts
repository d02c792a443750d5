/**
 * The transport over undici's `dispatch` (keep-alive, one connection pool per origin), which costs
 * far less per call than WHATWG `fetch` (see `undici-dispatch.ts`). undici is loaded when the
 * first request is sent, not when the toolkit is imported: runtimes where it cannot run (workerd,
 * edge runtimes) never load it, and a bundler for them finds no static import of it.
 * @module
 */
import type { Dispatcher } from 'undici';
import { RawHeaders } from './raw-headers.js';
import { ResponseTooLargeFailure } from './response-size-limit.js';
import type { Transport } from './transport.js';
import { timeoutFailure, toFailure } from './transport-failure.js';
import { dispatchRequest, TIMED_OUT } from './undici-dispatch.js';

/**
 * Options of the built-in transport: undici's connection pools, one per origin.
 *
 * @example
 * const { transport, close } = createUndiciTransport({
 *   connectionsPerOrigin: 4,
 *   keepAliveTimeoutMs: 10_000,
 * });
 * const session = await connect({ baseUrl, apiKey, http: { transport } });
 * // ... after session.close():
 * await close();
 */
export interface UndiciTransportOptions {
  /** A dispatcher of your own (a proxy agent, a mock). Not closed by `close()`. */
  readonly dispatcher?: Dispatcher;
  /**
   * How long an idle keep-alive connection is kept, in milliseconds.
   * @default 10000
   */
  readonly keepAliveTimeoutMs?: number;
  /**
   * Connections per origin; unlimited when absent.
   * @default undefined
   */
  readonly connectionsPerOrigin?: number;
}

/**
 * undici's transport, and a `close()` that releases its connections. On a runtime without a
 * working undici, prefer {@link createDefaultTransport}, which falls back to `fetch`.
 *
 * @example
 * const { transport, close } = createUndiciTransport({ connectionsPerOrigin: 4 });
 * const session = await connect({ baseUrl, apiKey, http: { transport } });
 * await session.close();
 * await close();
 */
export function createUndiciTransport(options: UndiciTransportOptions = {}): {
  transport: Transport;
  close(): Promise<void>;
} {
  let dispatcher: Dispatcher | undefined = options.dispatcher;
  let loading: Promise<Dispatcher> | undefined;
  let owned: Dispatcher | undefined;
  const load = async (): Promise<Dispatcher> => {
    const { Agent } = await import('undici');
    owned = new Agent({
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
      ...(options.connectionsPerOrigin !== undefined ? { connections: options.connectionsPerOrigin } : {}),
    });
    dispatcher = owned;
    return owned;
  };
  const transport: Transport = async (request) => {
    const progress = { answered: false };
    try {
      if (!dispatcher) loading ??= load();
      const through = dispatcher ?? (await (loading as Promise<Dispatcher>));
      const response = await dispatchRequest(through, request, progress);
      return { status: response.status, headers: new RawHeaders(response.headers), body: response.body };
    } catch (error) {
      if (error === TIMED_OUT) throw timeoutFailure(request.timeoutMs, error, progress.answered);
      if (ResponseTooLargeFailure.isInstance(error)) throw error;
      throw toFailure(error, request.signal, progress.answered);
    }
  };
  return {
    transport,
    close: async () => {
      // A stub undici (Bun's) may have an Agent without close(): there is nothing to release then.
      if (owned && typeof owned.close === 'function') await owned.close();
    },
  };
}
