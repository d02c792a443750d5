/**
 * A redirect the toolkit did not follow, told as the failure it is.
 * @module
 */
import { hasMarker, markError, ServiceError, type ServiceErrorContext } from './service-error.js';

const UNEXPECTED_REDIRECT = Symbol.for('generation-agent-toolkit.error.UnexpectedRedirectError');

/**
 * The service answered with a redirect that is not followed: a 301 or 302 to a write (a job
 * submission included), whose meaning for the body is ambiguous; one hop too many; a 3xx without
 * a `Location`. The call has no answer, and whether the service acted on a write is unknown, so
 * it is not retried: a blind retry could act twice.
 *
 * @example
 * const result = await session.call('v7_images_text_to_image', { prompt: 'a lighthouse' });
 * // a service answering 302 gives { ok: false, code: 'unexpected_redirect', retryable: false, ... }
 */
export class UnexpectedRedirectError extends ServiceError {
  declare readonly code: 'unexpected_redirect';
  /** Where the redirect pointed (masked), when it said. */
  readonly location: string | undefined;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: ServiceErrorContext & { readonly message: string; readonly location?: string }) {
    super({ ...context, code: 'unexpected_redirect', retryable: false });
    this.location = context.location;
    markError(this, UNEXPECTED_REDIRECT);
  }
  static override isInstance(error: unknown): error is UnexpectedRedirectError {
    return hasMarker(error, UNEXPECTED_REDIRECT);
  }
}
