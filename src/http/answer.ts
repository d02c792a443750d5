/**
 * Reading an answer: teach the governor and the job slots what it said, report versioning
 * notices, and turn it into a result or the typed error it stands for (an error status, or a
 * generation failure inside HTTP 200).
 * @module
 */
import type { AttemptServices, Exchange, SentExchange } from './attempt.js';
import { ResponseFormatError, SunsetError } from './errors/call-errors.js';
import {
  errorFromFailedGeneration,
  errorFromStatus,
  type FailedAnswer,
} from './errors/error-from-response.js';
import { retryAdviceOf } from './headers/retry-advice.js';
import { parseRetryAfter, parseRetryAfterMs } from './headers/retry-after.js';
import { parseWwwAuthenticate } from './headers/www-authenticate.js';
import { unfollowedRedirect } from './redirects.js';
import { type RefusalKind, refusalOf } from './refusal.js';
import {
  type ErrorFields,
  errorFieldsOf,
  isRecord,
  type ParsedBody,
  parseBody,
  queueLimitOf,
  speaksOfJobLimit,
  speaksOfRateLimit,
} from './response-body.js';
import type { ResponseHeaders } from './transport.js';

/** A successful answer, before the client adds attempts and the job slot. */
export interface AnswerResult {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly body: unknown;
  readonly url: string;
  readonly requestId: string | undefined;
}

const HTML = /^\s*(<!doctype html|<html)/i;

function isFailure(status: number, parsed: ParsedBody): boolean {
  if (status >= 400) return true;
  return (
    parsed.ok &&
    isRecord(parsed.value) &&
    (parsed.value.status === 'error' || parsed.value.status === 'failed')
  );
}

function retryAfterOf(headers: ResponseHeaders, receivedAt: number, fields: ErrorFields): number | undefined {
  return (
    parseRetryAfterMs(headers.get('retry-after-ms')) ??
    parseRetryAfter(headers.get('retry-after'), { date: headers.get('date'), receivedAt }) ??
    (fields.retryAfterSeconds !== undefined ? Math.ceil(fields.retryAfterSeconds * 1000) : undefined)
  );
}

function redactedHeader(services: AttemptServices, value: string | null): string | null {
  return value === null ? null : services.redactor.maskKnown(value);
}

/**
 * Whether a refusal of a job submission is the account's limit on jobs in flight rather than
 * its request rate: its words say so ("Queue full: too many jobs in progress", "Maximum 5
 * queued requests"), or it is a 429 while the rate fields say every quota has room.
 */
function jobLimitRefusal(
  exchange: Exchange,
  sent: SentExchange,
  fields: ErrorFields,
  refusal: RefusalKind | undefined,
): boolean {
  const { status } = sent.response;
  if (!exchange.submitsJob || refusal === 'in-flight' || (status !== 429 && status !== 503 && status !== 200))
    return false;
  if (queueLimitOf(fields.message) !== undefined || speaksOfJobLimit(fields.message)) return true;
  if (speaksOfRateLimit(fields.message)) return false;
  // Every quota the fields state must have room: a 429 beside one spent quota (Azure's tokens
  // at 0, requests left) is that quota's refusal, not the job queue.
  return (
    status === 429 &&
    sent.observations.length > 0 &&
    sent.observations.every((observation) => (observation.remaining ?? 0) > 0)
  );
}

/** Learns from the answer, then returns it or throws its typed error. */
export async function readAnswer(
  services: AttemptServices,
  exchange: Exchange,
  sent: SentExchange,
): Promise<AnswerResult> {
  const { response, receivedAt } = sent;
  const { headers, status } = response;
  const parsed: ParsedBody =
    exchange.responseType === 'text'
      ? { ok: true, value: response.body }
      : parseBody(response.body, headers.get('content-type'));
  const failed = isFailure(status, parsed);
  const fields = failed
    ? errorFieldsOf(services.redactor.redactValue(parsed.ok ? parsed.value : parsed.text))
    : {};
  const retryAfterMs = failed || status === 503 ? retryAfterOf(headers, receivedAt, fields) : undefined;
  const refusal = failed
    ? refusalOf({ status, headers, observations: sent.observations, message: fields.message })
    : undefined;
  const statedQueueLimit = queueLimitOf(fields.message);
  const queueLimit = jobLimitRefusal(exchange, sent, fields, refusal)
    ? (statedQueueLimit ?? (await services.jobSlots.learnFromRefusal(exchange.url.origin)))
    : undefined;
  // A full job queue is the job slots' business: blocking the quota would also stop the polls that empty it.
  const blocksQuota = refusal !== undefined && queueLimit === undefined;
  await sent.complete(status, blocksQuota ? retryAfterMs : undefined, blocksQuota ? refusal : 'none');
  if (queueLimit !== undefined) {
    await services.jobSlots.learnLimit(exchange.url.origin, queueLimit, statedQueueLimit !== undefined);
    // Held submissions wait for a job to end; only a limit of one cannot tell when that is.
    if (queueLimit <= 1)
      await services.jobSlots.block(exchange.url.origin, receivedAt + (retryAfterMs ?? 1000));
  }
  const url = services.redactor.redact(exchange.url.href);
  const notice = services.versions.inspect(headers, exchange.route, exchange.operationId);
  if (notice.warning) services.warn(notice.warning);
  const requestId = fields.requestId ?? headers.get('x-request-id') ?? undefined;
  services.emit?.({
    type: 'response',
    method: exchange.method,
    url,
    attempt: exchange.attempt,
    status,
    durationMs: receivedAt - sent.startedAt,
    ...(exchange.operationId ? { operationId: exchange.operationId } : {}),
  });
  const context = { method: exchange.method, url, httpStatus: status };
  if (notice.sunsetPassed && !services.allowSunset && exchange.idempotency === 'safe') {
    const { sunsetAt, subject, version } = notice.sunsetPassed;
    throw new SunsetError({
      ...context,
      sunsetAt,
      version,
      message: `The service's ${subject} passed its sunset on ${sunsetAt.toISOString()}`,
    });
  }
  const answer: FailedAnswer = {
    method: exchange.method,
    url,
    status,
    fields,
    // A challenge's scope reaches errors and tool results: a secret echoed there is masked first.
    challenges: failed ? parseWwwAuthenticate(redactedHeader(services, headers.get('www-authenticate'))) : [],
    retryAfterMs,
    requestId,
    ...(queueLimit !== undefined ? { queueLimit } : {}),
    ...(failed ? { retryAdvice: retryAdviceOf(headers) } : {}),
  };
  // A refusal is retried, whatever its status: GitHub refuses with 403 for its rate limits,
  // Anthropic with 529 when overloaded (503 keeps its own class, which is retried as well).
  const refusedAs429 = refusal !== undefined && (status === 403 || (status >= 500 && status !== 503));
  if (status >= 400) throw errorFromStatus(answer, queueLimit !== undefined || refusedAs429 ? 429 : status);
  // A redirect still here was not followed (a write's 301/302, one hop too many, no Location):
  // its body is no answer to the call, and never a success without output.
  if (status >= 300) throw unfollowedRedirect(services, exchange, context, headers.get('location'));
  if (!parsed.ok)
    throw new ResponseFormatError({ ...context, message: `The answer is not valid JSON (${parsed.reason})` });
  if (
    exchange.responseType === 'json' &&
    typeof parsed.value === 'string' &&
    (HTML.test(parsed.value) || status < 300)
  ) {
    throw new ResponseFormatError({
      ...context,
      message: `Expected JSON but the answer is ${headers.get('content-type') ?? 'untyped'}`,
    });
  }
  if (failed && isRecord(parsed.value)) {
    const id = parsed.value.id;
    throw errorFromFailedGeneration(
      answer,
      typeof id === 'string' || typeof id === 'number' ? id : undefined,
    );
  }
  return { status, headers, body: parsed.value, url, requestId };
}
