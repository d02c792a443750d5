/** One code of the control plane's error model. */
export interface ErrorCodeDefinition {
  readonly code: string;
  readonly status: number;
  readonly meaning: string;
  /** What a client (or an agent) should do about it. */
  readonly action: string;
}

/**
 * The control plane's error codes: what handlers answer, what auth.md's error table and the MCP
 * error-model resource publish. One list, so the three never disagree.
 */
export const ERROR_CODES: readonly ErrorCodeDefinition[] = [
  {
    code: 'validation_error',
    status: 422,
    meaning: 'A field is missing or invalid; `details.fields` names each one.',
    action: 'Fix the named fields and send the request again.',
  },
  {
    code: 'invalid_json',
    status: 400,
    meaning: 'The body is not valid JSON.',
    action: 'Send a JSON object with Content-Type: application/json.',
  },
  {
    code: 'unauthenticated',
    status: 401,
    meaning: 'No bearer token was sent.',
    action: 'Send Authorization: Bearer <access_token>.',
  },
  {
    code: 'invalid_token',
    status: 401,
    meaning: 'The token is unknown.',
    action: 'Log in again to get a new token.',
  },
  {
    code: 'token_expired',
    status: 401,
    meaning: 'The token has expired.',
    action: 'Log in again; refresh tokens before `expires_at`.',
  },
  {
    code: 'token_revoked',
    status: 401,
    meaning: 'The token was revoked (logout, rotation or password reset).',
    action: 'Use the token that replaced it, or log in again.',
  },
  {
    code: 'invalid_credentials',
    status: 401,
    meaning: 'The e-mail address or password is wrong.',
    action: 'Check the credentials; after a reset, use the new password.',
  },
  {
    code: 'insufficient_scope',
    status: 403,
    meaning:
      "The token's scopes do not include the scope the operation needs (named in `details.required_scope` and in WWW-Authenticate).",
    action: 'Log in again asking for the named scope in `scopes`, if the agent should have it.',
  },
  {
    code: 'email_not_verified',
    status: 403,
    meaning: 'The account exists but its e-mail address was not claimed.',
    action: 'Enter the e-mailed code at verify-email, or ask for a new one with resend-verification.',
  },
  {
    code: 'forbidden',
    status: 403,
    meaning: 'The account may not do this (for example, not an admin of the team).',
    action: 'Act from an account that has the right, or ask its owner.',
  },
  {
    code: 'email_taken',
    status: 409,
    meaning: 'An account with this e-mail address exists.',
    action: 'Log in instead of signing up; if it is not verified, resend the verification e-mail.',
  },
  {
    code: 'invalid_code',
    status: 400,
    meaning: 'The verification code or reset token is wrong.',
    action: 'Use the code from the most recent e-mail.',
  },
  {
    code: 'code_expired',
    status: 410,
    meaning: 'The verification code or reset token has expired.',
    action: 'Ask for a new e-mail (resend-verification or forgot-password).',
  },
  {
    code: 'not_found',
    status: 404,
    meaning: 'No such resource, or it belongs to another account.',
    action: 'Check the identifier; list the resources to find it.',
  },
  {
    code: 'conflict',
    status: 409,
    meaning: 'The resource is not in a state that allows this (for example, a subscription already exists).',
    action: 'Read the resource, then act on its current state.',
  },
  {
    code: 'payment_declined',
    status: 402,
    meaning: 'The payment method was declined; `details.decline_code` says why.',
    action: 'Use another payment method; do not retry the same one blindly.',
  },
  {
    code: 'payment_method_required',
    status: 422,
    meaning: 'The account has no payment method to charge.',
    action: 'Add a payment method first (billing:write).',
  },
  {
    code: 'insufficient_funds',
    status: 422,
    meaning: 'The wallet balance is lower than the amount.',
    action: 'Withdraw less, or fund the wallet.',
  },
  {
    code: 'idempotency_key_reused',
    status: 422,
    meaning: 'This Idempotency-Key was used for a different request.',
    action: 'Use a new key for a new request; reuse a key only to retry the same request.',
  },
  {
    code: 'payload_too_large',
    status: 413,
    meaning: 'The body or the uploaded file is too large.',
    action: 'Send a smaller file.',
  },
  {
    code: 'rate_limited',
    status: 429,
    meaning: 'The rate limit of the policy is exhausted.',
    action: 'Wait for Retry-After; pace requests with the RateLimit fields.',
  },
  {
    code: 'server_error',
    status: 500,
    meaning: 'The service failed.',
    action: 'Retry later; idempotent and keyed requests are safe to retry.',
  },
  {
    code: 'unavailable',
    status: 503,
    meaning: 'The service is briefly unavailable.',
    action: 'Retry after Retry-After.',
  },
];
