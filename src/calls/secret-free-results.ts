/**
 * Nothing a call hands back shows a secret the session knows. A hostile or broken service can
 * echo the API key anywhere in a successful answer (in prose, under `credential.value`, in an
 * output URL's `?sig=`), and everything a call returns reaches an application, a log, a CLI or a
 * model: every string of every result is masked (`Redactor.maskKnownValue`) on the way out of
 * the calls layer, in `callOperation` and `resumeCall`.
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
