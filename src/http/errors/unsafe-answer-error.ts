/**
 * An answer the toolkit will not hand on.
 * @module
 */
import { hasMarker, markError, ServiceError, type ServiceErrorContext } from './service-error.js';

const UNSAFE_ANSWER = Symbol.for('generation-agent-toolkit.error.UnsafeAnswerError');

/**
 * The service answered something that cannot be passed on without showing one of the session's
 * secrets, and cannot be masked without becoming useless: a job id that holds the API key (the
 * id is what a model resumes the job with). A hostile or broken service; not retried, since
 * asking again would submit the work again.
 *
 * @example
 * const result = await tool.execute(input);
 * if (!result.ok && result.code === 'unsafe_answer') console.error(result.message);
 */
export class UnsafeAnswerError extends ServiceError {
  declare readonly code: 'unsafe_answer';
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: ServiceErrorContext & { readonly message: string }) {
    super({ ...context, code: 'unsafe_answer', retryable: false });
    markError(this, UNSAFE_ANSWER);
  }
  static override isInstance(error: unknown): error is UnsafeAnswerError {
    return hasMarker(error, UNSAFE_ANSWER);
  }
}
