/**
 * Every stable code of the toolkit's errors, in one place: callers, tools and models switch on
 * these, never on messages.
 * @module
 */

/** Codes of a call to the service that failed: `ServiceError` and its subclasses. */
export type ServiceErrorCode =
  | 'authentication_failed'
  | 'insufficient_scope'
  | 'forbidden'
  | 'payment_required'
  | 'rate_limited'
  | 'validation_failed'
  | 'not_found'
  | 'conflict'
  | 'server_error'
  | 'network_error'
  | 'timeout'
  | 'response_format'
  | 'response_too_large'
  | 'unsafe_answer'
  | 'generation_failed'
  | 'untrusted_origin'
  | 'unexpected_redirect'
  | 'sunset'
  | 'http_error';

/**
 * Codes of failures found by the toolkit itself, before or beside a call to the service.
 * @inline
 */
export type LibraryErrorCode =
  /** A function was called in a way it does not support: a missing `baseUrl`, a closed session. */
  | 'invalid_usage'
  /** An options object holds a key the function does not know. */
  | 'unknown_option'
  /** An operation choice names a category, version, surface or effect the service does not have. */
  | 'unknown_choice'
  /** An operation id the service does not publish. */
  | 'unknown_operation'
  /** An operation the service publishes but the session does not offer. */
  | 'operation_not_offered'
  /** Arguments that do not fit the operation's input schema. */
  | 'invalid_arguments'
  /** A discovery document that cannot be used at all. */
  | 'discovery_failed'
  /** The registration runbook could not be followed to the end. */
  | 'registration_failed'
  /** The service lacks what was asked of it: a login, a switch-account operation. */
  | 'unsupported_by_service'
  /** The control-plane token can no longer be renewed; connect again with credentials. */
  | 'reauthentication_required'
  /** The service gave a token wider scopes than the one it replaced; the token was revoked. */
  | 'scope_widened'
  /** The file of a token store cannot be read. */
  | 'token_store_unreadable'
  /** Tool names cannot be made as asked (a prefix too long, repeated ids). */
  | 'invalid_tool_naming'
  /** Waiting for the rate limit would pass the caller's deadline; nothing was sent. */
  | 'throttle_deadline'
  /** A shared rate-limit store could not be read or written. */
  | 'rate_limit_store_failed'
  /** A shared budget store could not be read or written; the call it guarded was not sent. */
  | 'budget_store_failed'
  /** A shared budget store lost the budget's state (a Redis restarted empty); calls are refused until it is set again. */
  | 'budget_store_reset'
  /** A call would pass the spending budget, or its cost is unknown under a budget; nothing was sent. */
  | 'budget_exceeded'
  /** A transport got no answer; the HTTP core turns it into a {@link NetworkError} or {@link TimeoutError}. */
  | 'transport_failed';

/**
 * Every stable code of {@link GenerationToolkitError}.
 *
 * @example
 * try {
 *   await session.call('v7_images_text_to_image', { prompt: 'a fox' });
 * } catch (error) {
 *   if (!GenerationToolkitError.isInstance(error)) throw error;
 *   const code: GenerationToolkitErrorCode = error.code;
 *   if (code === 'payment_required') await topUp();
 *   else if (error.retryable) await retryLater();
 * }
 */
export type GenerationToolkitErrorCode = ServiceErrorCode | LibraryErrorCode;
