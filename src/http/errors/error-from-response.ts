/**
 * One typed error for one failed answer: by HTTP status, or, for generation answers that fail
 * inside HTTP 200, by the service's own code.
 * @module
 */
import type { RetryAdvice } from '../headers/retry-advice.js';
import { type AuthChallenge, requiredScopeFromChallenges } from '../headers/www-authenticate.js';
import { type ErrorFields, isRecord, queueLimitOf } from '../response-body.js';
import { GenerationFailedError } from './call-errors.js';
import {
  AuthenticationError,
  type FieldProblem,
  ForbiddenError,
  InsufficientScopeError,
  NotFoundError,
  PaymentRequiredError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from './http-status-errors.js';
import { ServiceError } from './service-error.js';

export interface FailedAnswer {
  readonly method: string;
  /** Redacted. */
  readonly url: string;
  readonly status: number;
  /** The body's error fields, redacted. */
  readonly fields: ErrorFields;
  readonly challenges: readonly AuthChallenge[];
  readonly retryAfterMs?: number | undefined;
  readonly requestId?: string | undefined;
  /** Jobs the account may have in flight, as the toolkit learned from this refusal. */
  readonly queueLimit?: number | undefined;
  /** The service's advice on retrying (`Stripe-Should-Retry`), when it gave one. */
  readonly retryAdvice?: RetryAdvice | undefined;
}

/** The words an error adds for the service's advice against retrying. */
function adviceWords(advice: RetryAdvice | undefined): string {
  if (advice === undefined || advice.retry) return '';
  return ` (not retried: the service advised against it with ${advice.field}: false)`;
}

function fieldProblems(details: unknown): FieldProblem[] {
  const list = isRecord(details) ? (details.fields ?? details.errors) : details;
  if (Array.isArray(list)) {
    return list.flatMap((entry) =>
      isRecord(entry) && typeof (entry.field ?? entry.name) === 'string'
        ? [{ field: String(entry.field ?? entry.name), message: String(entry.message ?? 'is invalid') }]
        : [],
    );
  }
  if (isRecord(list)) {
    return Object.entries(list).map(([field, message]) => ({
      field,
      message: Array.isArray(message) ? message.join('; ') : String(message),
    }));
  }
  return [];
}

function detail(details: unknown, name: string): string | undefined {
  return isRecord(details) && typeof details[name] === 'string' ? (details[name] as string) : undefined;
}

/**
 * The typed error for an answer with an error status. `status` picks the class; it defaults to
 * the answer's own (a failure inside HTTP 200 is classed by what it means).
 */
export function errorFromStatus(answer: FailedAnswer, status: number = answer.status): ServiceError {
  const { fields } = answer;
  const requestId = answer.requestId ?? fields.requestId;
  const context = {
    method: answer.method,
    url: answer.url,
    httpStatus: answer.status,
    message: `${fields.message ?? `The service answered HTTP ${status}`}${adviceWords(answer.retryAdvice)}`,
    ...(fields.message !== undefined ? { serviceMessage: fields.message } : {}),
    ...(fields.code ? { serviceCode: fields.code } : {}),
    ...(fields.details !== undefined ? { details: fields.details } : {}),
    ...(requestId ? { requestId } : {}),
    ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
    ...(answer.retryAdvice !== undefined ? { retryAdvice: answer.retryAdvice.retry } : {}),
  };
  const headerScope = requiredScopeFromChallenges(answer.challenges);
  if (status === 401) return new AuthenticationError(context);
  if (status === 403 && (fields.code === 'insufficient_scope' || headerScope !== undefined)) {
    const requiredScope =
      detail(fields.details, 'required_scope') ?? detail(fields.details, 'scope') ?? headerScope;
    return new InsufficientScopeError({ ...context, requiredScope });
  }
  if (status === 403) return new ForbiddenError(context);
  if (status === 402)
    return new PaymentRequiredError({ ...context, declineCode: detail(fields.details, 'decline_code') });
  if (status === 429)
    return new RateLimitedError({
      ...context,
      queueLimit: answer.queueLimit ?? queueLimitOf(fields.message),
    });
  if (status === 400 || status === 422)
    return new ValidationError({ ...context, fields: fieldProblems(fields.details) });
  if (status === 404 || status === 410) return new NotFoundError(context);
  if (status >= 500) return new ServerError(context);
  return new ServiceError({
    ...context,
    code: status === 409 ? 'conflict' : 'http_error',
    retryable: status === 408,
  });
}

/** The typed error for a generation answer that failed inside HTTP 200. */
export function errorFromFailedGeneration(
  answer: FailedAnswer,
  jobId: string | number | undefined,
): ServiceError {
  const code = answer.fields.code?.toLowerCase() ?? '';
  const message = answer.fields.message ?? 'The generation failed';
  if (queueLimitOf(message) !== undefined || code.includes('rate_limit')) return errorFromStatus(answer, 429);
  const mapped =
    fieldProblems(answer.fields.details).length > 0
      ? 422
      : code.includes('credit') || code.includes('payment') || code.includes('funds')
        ? 402
        : code.includes('validation') || code === 'invalid_request'
          ? 422
          : code === 'unauthenticated' || code.includes('invalid_key') || code.includes('api_key')
            ? 401
            : code === 'not_found'
              ? 404
              : undefined;
  if (mapped !== undefined) return errorFromStatus(answer, mapped);
  return new GenerationFailedError({
    method: answer.method,
    url: answer.url,
    httpStatus: answer.status,
    message,
    jobId,
    ...(answer.fields.message !== undefined ? { serviceMessage: answer.fields.message } : {}),
    ...(answer.fields.code ? { serviceCode: answer.fields.code } : {}),
    ...(answer.requestId ? { requestId: answer.requestId } : {}),
  });
}
