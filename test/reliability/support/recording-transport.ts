/**
 * A real transport (undici, to the emulator over loopback) that also keeps each exchange: the
 * request as sent and the answer as received, for suites whose claim is about the real wire.
 * @module
 */
import type { Transport, TransportResponse } from '../../../src/http/index.js';
import { type WireRequest, wireRequestOf } from './capture-wire.js';

export interface WireExchange {
  readonly request: WireRequest;
  /** Undefined when no answer came (a reset, a timeout). */
  readonly response?: { readonly status: number; readonly body: string; readonly contentType: string | null };
}

export interface RecordingTransport {
  readonly transport: Transport;
  /** Exchanges since the last take. */
  take(): WireExchange[];
}

export function recordingTransport(inner: Transport): RecordingTransport {
  let exchanges: WireExchange[] = [];
  return {
    transport: async (request) => {
      const sent = wireRequestOf(request);
      let response: TransportResponse;
      try {
        response = await inner(request);
      } catch (error) {
        exchanges.push({ request: sent });
        throw error;
      }
      exchanges.push({
        request: sent,
        response: {
          status: response.status,
          body: response.body,
          contentType: response.headers.get('content-type'),
        },
      });
      return response;
    },
    take() {
      const taken = exchanges;
      exchanges = [];
      return taken;
    },
  };
}
