/**
 * A wire that sends nothing: every request the HTTP core would put on the network is recorded as
 * sent (method, URL, headers, body) and answered in-process, so that thousands of tool calls can be
 * checked in a second without a socket.
 * @module
 */
import type { Transport, TransportRequest, TransportResponse } from '../../../src/http/index.js';

/** A request exactly as it would have left the process. */
export interface WireRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A copy of `request` as it leaves: later changes to the original do not reach it. */
export function wireRequestOf(request: TransportRequest): WireRequest {
  return {
    method: request.method,
    url: new URL(request.url.href),
    headers: { ...request.headers },
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
}

export interface CapturingWire {
  readonly transport: Transport;
  /** Requests since the last {@link take}. */
  take(): WireRequest[];
  /** Requests recorded in all. */
  readonly total: number;
}

/** A success in both dialects: a finished generation and a control-plane envelope. */
const SUCCESS = JSON.stringify({
  status: 'success',
  id: 'wire-1',
  output: [],
  data: {},
  meta: { request_id: 'wire-1' },
});

export function cannedSuccess(): TransportResponse {
  return { status: 200, headers: new Headers({ 'content-type': 'application/json' }), body: SUCCESS };
}

export function captureWire(
  answer: (request: WireRequest) => TransportResponse = cannedSuccess,
): CapturingWire {
  let pending: WireRequest[] = [];
  let total = 0;
  return {
    transport: async (request) => {
      const sent = wireRequestOf(request);
      pending.push(sent);
      total += 1;
      return answer(sent);
    },
    take() {
      const taken = pending;
      pending = [];
      return taken;
    },
    get total() {
      return total;
    },
  };
}
