import type { ControlPlaneOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { EmulatorState } from '../state/store.js';
import { ApiError } from './api-error.js';
import type { Session } from './handler.js';
import { publishedScopes } from './serialize-account.js';

const REALM = 'Bearer realm="agents-v1"';

/** Header value of a 401 that did not involve a token (no token, wrong password). */
export const BEARER_CHALLENGE = REALM;

const REJECTIONS = {
  unknown: { code: 'invalid_token', message: 'The access token is not known. Log in again.' },
  revoked: {
    code: 'token_revoked',
    message: 'The access token was revoked (logout, rotation or password reset).',
  },
  expired: { code: 'token_expired', message: 'The access token has expired. Log in again.' },
} as const;

function bearerToken(c: RequestContext): string | undefined {
  return /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(c.req.header('authorization') ?? '')?.[1];
}

/** RFC 6750 quoted-string: the texts put in headers are ours, but keep them well-formed anyway. */
function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, '')}"`;
}

/**
 * The session of the request's bearer token, or a 401 ApiError that says why not. Every 401
 * carries a Bearer challenge; one about a token that was sent adds `error="invalid_token"`.
 */
export function authenticate(c: RequestContext, ctx: EmulatorContext): Session {
  const value = bearerToken(c);
  if (!value) {
    throw new ApiError(
      'unauthenticated',
      'This operation needs a token: send Authorization: Bearer <access_token> (POST /auth/login issues one).',
      null,
      { 'WWW-Authenticate': REALM },
    );
  }
  const check = ctx.state.checkToken(value);
  if (!check.ok) {
    const rejection = REJECTIONS[check.reason];
    throw new ApiError(rejection.code, rejection.message, null, {
      'WWW-Authenticate': `${REALM}, error="invalid_token", error_description=${quoted(rejection.message)}`,
    });
  }
  return { token: check.token, user: check.user, context: check.context };
}

/**
 * Refuses the call with 403 insufficient_scope when the token lacks the operation's scope, naming
 * the scope in the body and in WWW-Authenticate (RFC 6750 section 3.1).
 */
export function authorize(operation: ControlPlaneOperation, session: Session): void {
  const scope = operation.requiredScope;
  if (scope === null || EmulatorState.grants(session.token.scopes, scope)) return;
  const message = `This token lacks the scope ${scope} that ${operation.operationId} needs. Log in again asking for it in scopes.`;
  throw new ApiError(
    'insufficient_scope',
    message,
    { required_scope: scope, granted_scopes: publishedScopes(session.token.scopes) },
    {
      'WWW-Authenticate': `${REALM}, error="insufficient_scope", scope=${quoted(scope)}, error_description=${quoted(message)}`,
    },
  );
}
