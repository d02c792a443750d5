/**
 * What the HTTP core reports as it works, for tools, the CLI and logs. Every string in an
 * event is redacted before the hook sees it.
 * @module
 */
import type { ServiceWarning } from './versioning.js';

/**
 * What every request event says about its call.
 *
 * @example
 * const onEvent: HttpEventHandler = (event) => {
 *   if (event.type === 'request')
 *     console.log(event.method, event.url, event.operationId, 'attempt', event.attempt);
 * };
 */
export interface CallEvent {
  readonly method: string;
  /** Redacted. */
  readonly url: string;
  readonly operationId?: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
}

/**
 * What the HTTP core reports as it works: each request, answer, retry, wait for the rate limit and
 * warning. Every string is redacted before the handler sees it.
 *
 * @example
 * await connect({
 *   baseUrl,
 *   apiKey,
 *   http: {
 *     onEvent: (event) => {
 *       if (event.type === 'retry') console.log('retrying', event.url, event.code, event.delayMs);
 *       if (event.type === 'throttle-wait') console.log('waiting', event.waitMs, 'ms for', event.bucket);
 *     },
 *   },
 * });
 */
export type HttpEvent =
  | (CallEvent & { readonly type: 'request' })
  | (CallEvent & { readonly type: 'response'; readonly status: number; readonly durationMs: number })
  | (CallEvent & {
      readonly type: 'retry';
      /** The stable code of the failure that is being retried. */
      readonly code: string;
      readonly status?: number;
      readonly delayMs: number;
      /** The failure, redacted. */
      readonly message: string;
    })
  | {
      readonly type: 'throttle-wait';
      readonly url: string;
      readonly bucket: string;
      readonly waitMs: number;
      readonly reason: string;
    }
  | { readonly type: 'warning'; readonly warning: ServiceWarning };

/**
 * Receives every {@link HttpEvent}; it must not throw.
 *
 * @example
 * const onEvent: HttpEventHandler = (event) => logger.debug(event);
 * await connect({ baseUrl, apiKey, http: { onEvent } });
 */
export type HttpEventHandler = (event: HttpEvent) => void;
