/**
 * Nothing a call hands back shows a secret the session knows. A hostile or broken service can
 * echo the API key anywhere in a successful answer (in prose, under `credential.value`, in an
 * output URL's `?sig=`), and everything a call returns reaches an application, a log, a CLI or a
 * model: every string of every result is masked (`Redactor.maskKnownValue`) on the way out of
 * the calls layer: a call's sink (`CallSink`) masks its result, or its failure through
 * {@link secretFreeError}, called or resumed, polled or delivered alike.
 *
 * A job id cannot be masked: the masked id would resume nothing. A queued job whose id holds a
 * secret is refused as the hostile answer it is; a `fetch_result` address holding one is ignored
 * for the one built from the discovered fetch operation.
 * @module
 */
import { type Redactor, UnsafeAnswerError } from '../http/index.js';
import type { JobAnswer } from '../jobs/index.js';

/**
 * The answer of a queued job, fit to be polled and handed back: without a `fetch_result` that
 * holds a secret.
 * @throws {UnsafeAnswerError} the job's id holds one of the session's secrets
 */
export function safeJobAnswer(
  redactor: Redactor,
  answer: JobAnswer,
  call: { readonly method: string; readonly url: string; readonly operationId: string },
): JobAnswer {
  if (answer.id !== undefined && redactor.containsKnown(String(answer.id))) {
    throw new UnsafeAnswerError({
      method: call.method,
      url: call.url,
      message: `The service queued ${call.operationId} under a job id that holds a secret of the session; the id is not handed on, so the job cannot be followed. The service is broken or hostile: check its job list yourself`,
    });
  }
  if (answer.fetchResult !== undefined && redactor.containsKnown(answer.fetchResult)) {
    const { fetchResult: _unsafe, ...rest } = answer;
    return rest;
  }
  return answer;
}

/** How many links of an error's `cause` chain are masked; deeper causes are cut off. */
const MAX_CAUSES = 8;

/**
 * `error`, with every secret the session knows masked in what it shows: its message, stack,
 * `toJSON()` and every field (the service's details, a URL, an estimate's basis), its causes
 * included. The one path every failure of a call leaves by, whatever brought its words in: a
 * polled answer (masked by the HTTP core already, masked again for nothing) or a delivery pushed
 * to the webhook receiver, which never passed the HTTP core. Errors are changed in place: their
 * class, `code` and `isInstance` markers stay what callers switch on.
 */
export function secretFreeError<T>(redactor: Redactor, error: T): T {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current instanceof Error; depth += 1) {
    maskErrorFields(redactor, current);
    current = current.cause;
  }
  if (current instanceof Error) Object.defineProperty(current, 'cause', { value: undefined });
  return error;
}

function maskErrorFields(redactor: Redactor, error: Error): void {
  const record = error as unknown as Record<string, unknown>;
  for (const name of ['message', 'stack', ...Object.keys(error)]) {
    if (name === 'cause') continue;
    const value = record[name];
    const masked =
      typeof value === 'string'
        ? redactor.redact(value)
        : isPlainData(value)
          ? redactor.maskKnownValue(value)
          : value;
    if (masked === value) continue;
    const descriptor = Object.getOwnPropertyDescriptor(error, name);
    if (descriptor && !descriptor.configurable && !descriptor.writable) continue;
    Object.defineProperty(error, name, {
      value: masked,
      writable: true,
      configurable: true,
      enumerable: descriptor?.enumerable ?? false,
    });
  }
}

/** An array or a plain object: data to copy masked (a class instance keeps its own shape). */
function isPlainData(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
