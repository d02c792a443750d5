/**
 * Watches the process for promise rejections nobody handled and exceptions nobody caught while a
 * suite runs: the toolkit must end every call itself, never leave a failure floating.
 * @module
 */

export interface RejectionWatch {
  /** What escaped so far, as text. */
  readonly escaped: readonly string[];
  stop(): void;
}

export function watchUnhandledRejections(): RejectionWatch {
  const escaped: string[] = [];
  const describe = (kind: string, reason: unknown) =>
    escaped.push(`${kind}: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  const onRejection = (reason: unknown) => describe('unhandledRejection', reason);
  const onException = (error: unknown) => describe('uncaughtException', error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    escaped,
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
