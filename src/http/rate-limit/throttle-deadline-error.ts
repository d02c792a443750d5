/** The wait the quota demands would end after the caller's deadline; nothing was sent. */
export class ThrottleDeadlineError extends Error {
  constructor(
    readonly waitMs: number,
    readonly reason: string,
  ) {
    super(`waiting ${Math.ceil(waitMs)} ms for the rate limit (${reason}) would pass the deadline`);
    this.name = 'ThrottleDeadlineError';
  }
}
