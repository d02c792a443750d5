import { ERROR_CODES } from '../catalogue/error-codes.js';
import type { ErrorStatus } from '../http/envelope.js';

/** The codes the control plane answers; each is defined in catalogue/error-codes.ts. */
export type ControlPlaneErrorCode =
  | 'validation_error'
  | 'invalid_json'
  | 'unauthenticated'
  | 'invalid_token'
  | 'token_expired'
  | 'token_revoked'
  | 'invalid_credentials'
  | 'insufficient_scope'
  | 'email_not_verified'
  | 'forbidden'
  | 'email_taken'
  | 'invalid_code'
  | 'code_expired'
  | 'not_found'
  | 'conflict'
  | 'payment_declined'
  | 'payment_method_required'
  | 'insufficient_funds'
  | 'idempotency_key_reused'
  | 'payload_too_large';

const STATUS_OF = new Map(ERROR_CODES.map((definition) => [definition.code, definition.status]));

/**
 * A failure a handler throws; the pipeline turns it into the error envelope. The HTTP status comes
 * from the published error model, so a code and its status can never disagree.
 */
export class ApiError extends Error {
  readonly status: ErrorStatus;

  constructor(
    readonly code: ControlPlaneErrorCode,
    message: string,
    readonly details: Record<string, unknown> | null = null,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    const status = STATUS_OF.get(code);
    if (status === undefined) throw new Error(`${code} is not a code of the published error model`);
    this.status = status as ErrorStatus;
  }
}

/** A 422 validation_error naming the fields at fault: `details.fields: {field: message}`. */
export function invalidFields(fields: Record<string, string>): ApiError {
  const summary = Object.entries(fields)
    .map(([field, message]) => `${field} ${message}`)
    .join('; ');
  return new ApiError('validation_error', `The request is invalid: ${summary}.`, { fields });
}

/** A 404 not_found that says what was looked for (ids are echoed shortened, never secrets). */
export function notFound(what: string, id: string): ApiError {
  return new ApiError('not_found', `No ${what} ${shorten(id)} exists in this account.`, {
    resource: what,
  });
}

/** A 409 conflict: the resource is in the wrong state for this operation. */
export function conflict(message: string, details: Record<string, unknown> | null = null): ApiError {
  return new ApiError('conflict', message, details);
}

/** Prefixes of the service's secrets (tokens, API keys, reset tokens): never echoed, even when misplaced. */
const SECRET = /^(gat_|gk_|rst_)/;

/**
 * Quotes caller input for a message, cut short so that a megabyte of garbage is not echoed back.
 * A secret pasted where an id belongs is not repeated: error messages end up in logs.
 */
export function shorten(value: string, max = 64): string {
  if (SECRET.test(value)) return '(a secret value, not repeated)';
  const text = value.length > max ? `${value.slice(0, max)}...` : value;
  return JSON.stringify(text);
}
