/**
 * Errors for answers whose HTTP status says what went wrong.
 * @module
 */
import { hasMarker, markError, ServiceError, type ServiceErrorContext } from './service-error.js';

type Context = ServiceErrorContext & { readonly message: string };

const marker = (name: string) => Symbol.for(`generation-agent-toolkit.error.${name}`);
const AUTHENTICATION = marker('AuthenticationError');
const INSUFFICIENT_SCOPE = marker('InsufficientScopeError');
const FORBIDDEN = marker('ForbiddenError');
const PAYMENT_REQUIRED = marker('PaymentRequiredError');
const RATE_LIMITED = marker('RateLimitedError');
const VALIDATION = marker('ValidationError');
const NOT_FOUND = marker('NotFoundError');
const SERVER = marker('ServerError');

/** 401: the key or token is missing, unknown, expired or revoked. */
export class AuthenticationError extends ServiceError {
  declare readonly code: 'authentication_failed';
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context) {
    super({ ...context, code: 'authentication_failed', retryable: false });
    markError(this, AUTHENTICATION);
  }
  static override isInstance(error: unknown): error is AuthenticationError {
    return hasMarker(error, AUTHENTICATION);
  }
}

/** 403 `insufficient_scope`: the token lacks `requiredScope`. */
export class InsufficientScopeError extends ServiceError {
  declare readonly code: 'insufficient_scope';
  /** The scope the operation needs, from the body or from `WWW-Authenticate`. */
  readonly requiredScope: string | undefined;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly requiredScope?: string | undefined }) {
    super({ ...context, code: 'insufficient_scope', retryable: false });
    this.requiredScope = context.requiredScope;
    markError(this, INSUFFICIENT_SCOPE);
  }
  static override isInstance(error: unknown): error is InsufficientScopeError {
    return hasMarker(error, INSUFFICIENT_SCOPE);
  }
}

/** 403 for any other reason: the plan or the account may not do this. */
export class ForbiddenError extends ServiceError {
  declare readonly code: 'forbidden';
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context) {
    super({ ...context, code: 'forbidden', retryable: false });
    markError(this, FORBIDDEN);
  }
  static override isInstance(error: unknown): error is ForbiddenError {
    return hasMarker(error, FORBIDDEN);
  }
}

/** 402 (or a generation error that says so): no credits, or a payment was declined. */
export class PaymentRequiredError extends ServiceError {
  declare readonly code: 'payment_required';
  /** The card issuer's reason (`details.decline_code`), when a payment was declined. */
  readonly declineCode: string | undefined;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly declineCode?: string | undefined }) {
    super({ ...context, code: 'payment_required', retryable: false });
    this.declineCode = context.declineCode;
    markError(this, PAYMENT_REQUIRED);
  }
  static override isInstance(error: unknown): error is PaymentRequiredError {
    return hasMarker(error, PAYMENT_REQUIRED);
  }
}

/** 429: the quota, or the queue of pending jobs, is full. `retryAfterMs` says when to come back. */
export class RateLimitedError extends ServiceError {
  declare readonly code: 'rate_limited';
  /** Queued jobs the account may have, when the answer named the limit ("Maximum 5 queued requests"). */
  readonly queueLimit: number | undefined;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly queueLimit?: number | undefined }) {
    super({ ...context, code: 'rate_limited', retryable: true });
    this.queueLimit = context.queueLimit;
    markError(this, RATE_LIMITED);
  }
  static override isInstance(error: unknown): error is RateLimitedError {
    return hasMarker(error, RATE_LIMITED);
  }
}

/** One invalid input field. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** 400 / 422: the request is invalid; `fields` names each problem when the service did. */
export class ValidationError extends ServiceError {
  declare readonly code: 'validation_failed';
  readonly fields: readonly FieldProblem[];
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly fields?: readonly FieldProblem[] }) {
    super({ ...context, code: 'validation_failed', retryable: false });
    this.fields = context.fields ?? [];
    markError(this, VALIDATION);
  }
  static override isInstance(error: unknown): error is ValidationError {
    return hasMarker(error, VALIDATION);
  }
}

/** 404 (and 410): no such operation, job or resource. */
export class NotFoundError extends ServiceError {
  declare readonly code: 'not_found';
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context) {
    super({ ...context, code: 'not_found', retryable: false });
    markError(this, NOT_FOUND);
  }
  static override isInstance(error: unknown): error is NotFoundError {
    return hasMarker(error, NOT_FOUND);
  }
}

/** 5xx: the service (or a proxy in front of it) failed. Transient unless it is 501. */
export class ServerError extends ServiceError {
  declare readonly code: 'server_error';
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context) {
    super({ ...context, code: 'server_error', retryable: context.httpStatus !== 501 });
    markError(this, SERVER);
  }
  static override isInstance(error: unknown): error is ServerError {
    return hasMarker(error, SERVER);
  }
}
