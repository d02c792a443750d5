/**
 * How every call must end: a value (success or a resumable handle) or one of the toolkit's typed
 * errors, and within a bounded time. Anything else (a TypeError, a RangeError, a hang) is a crash.
 * @module
 */
import { GenerationToolkitError } from '../../../src/errors/index.js';

export type Outcome<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'typed-error'; readonly error: Error & { readonly code?: string } };

/**
 * Errors that say the caller misused the API: hostile input must never cause one of these, so
 * here they count as crashes.
 */
const CALLER_MISTAKES = new Set(['invalid_usage', 'unknown_option']);

/**
 * Whether `error` is one of the toolkit's own errors, which callers can switch on: any of the
 * family but those that blame the caller.
 */
export function isTypedError(error: unknown): error is Error {
  return GenerationToolkitError.isInstance(error) && !CALLER_MISTAKES.has(error.code);
}

/**
 * Awaits `work`; a typed error is an outcome, anything else thrown (or no answer within
 * `withinMs` of real time) fails with a description of the crash.
 */
export async function typedOutcome<T>(work: Promise<T>, withinMs: number, what: string): Promise<Outcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no outcome within ${withinMs} ms (a hang)`)),
      withinMs,
    );
  });
  try {
    return { kind: 'value', value: await Promise.race([work, hang]) };
  } catch (error) {
    if (isTypedError(error)) return { kind: 'typed-error', error };
    const description =
      error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error);
    throw new Error(`${what} crashed with an untyped error: ${description.slice(0, 1_500)}`);
  } finally {
    clearTimeout(timer);
  }
}
