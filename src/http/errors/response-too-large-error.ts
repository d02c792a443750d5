/**
 * The answer was larger than the client reads.
 * @module
 */
import { hasMarker, markError, ServiceError, type ServiceErrorContext } from './service-error.js';

const RESPONSE_TOO_LARGE = Symbol.for('generation-agent-toolkit.error.ResponseTooLargeError');

/**
 * The answer was larger than `limitBytes` (the client's `maxResponseBytes`, or the provider's
 * `maxDownloadBytes` for result files): reading stopped there. Not retryable: the same call
 * would get the same answer.
 *
 * @example
 * try {
 *   await session.call('get_wallet_balance', {});
 * } catch (error) {
 *   if (ResponseTooLargeError.isInstance(error)) console.error(`over ${error.limitBytes} bytes`);
 * }
 */
export class ResponseTooLargeError extends ServiceError {
  declare readonly code: 'response_too_large';
  /** The limit the answer passed, in bytes. */
  readonly limitBytes: number;
  /** The size the answer announced (Content-Length), when that alone was over the limit. */
  readonly declaredBytes: number | undefined;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(
    context: ServiceErrorContext & {
      readonly message: string;
      readonly limitBytes: number;
      readonly declaredBytes?: number | undefined;
    },
  ) {
    super({ ...context, code: 'response_too_large', retryable: false });
    this.limitBytes = context.limitBytes;
    this.declaredBytes = context.declaredBytes;
    markError(this, RESPONSE_TOO_LARGE);
  }
  static override isInstance(error: unknown): error is ResponseTooLargeError {
    return hasMarker(error, RESPONSE_TOO_LARGE);
  }
}
