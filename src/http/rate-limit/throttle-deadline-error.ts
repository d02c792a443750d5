import { errorMarker, GenerationToolkitError, hasMarker, markError } from '../../errors/index.js';

const MARKER = errorMarker('ThrottleDeadlineError');

/** The wait the quota demands would end after the caller's deadline; nothing was sent. */
export class ThrottleDeadlineError extends GenerationToolkitError {
  declare readonly code: 'throttle_deadline';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(
    readonly waitMs: number,
    readonly reason: string,
  ) {
    super({
      code: 'throttle_deadline',
      message: `waiting ${Math.ceil(waitMs)} ms for the rate limit (${reason}) would pass the deadline`,
      retryable: true,
    });
    markError(this, MARKER);
  }

  static override isInstance(error: unknown): error is ThrottleDeadlineError {
    return hasMarker(error, MARKER);
  }
}
