/**
 * How every call must end: a value (success or a resumable handle) or one of the toolkit's typed
 * errors, and within a bounded time. Anything else (a TypeError, a RangeError, a hang) is a crash.
 * @module
 */
import { OperationNotOfferedError, RegistrationError } from '../../../src/auth/index.js';
import { InvalidArgumentsError } from '../../../src/calls/index.js';
import { DiscoveryDocumentError } from '../../../src/discovery/errors.js';
import { UnknownOperationError } from '../../../src/discovery/unknown-operation-error.js';
import { ServiceError } from '../../../src/http/index.js';

export type Outcome<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'typed-error'; readonly error: Error & { readonly code?: string } };

/** Whether `error` is one of the toolkit's own errors, which callers can switch on. */
export function isTypedError(error: unknown): error is Error {
  return (
    ServiceError.isInstance(error) ||
    InvalidArgumentsError.isInstance(error) ||
    DiscoveryDocumentError.isInstance(error) ||
    RegistrationError.isInstance(error) ||
    OperationNotOfferedError.isInstance(error) ||
    UnknownOperationError.isInstance(error)
  );
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
