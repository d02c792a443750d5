/**
 * What the HTTP core reports as it works, for tools, the CLI and logs. Every string in an
 * event is redacted before the hook sees it.
 * @module
 */
import type { ServiceWarning } from './versioning.js';

export interface CallEvent {
  readonly method: string;
  /** Redacted. */
  readonly url: string;
  readonly operationId?: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
}

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

export type HttpEventHandler = (event: HttpEvent) => void;
