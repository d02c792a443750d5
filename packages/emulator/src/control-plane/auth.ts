import type { ControlPlaneScope } from '../catalogue/types.js';
import { ok } from '../http/envelope.js';
import type { GrantedScopes, TokenExpiry } from '../state/records.js';
import { sha256 } from '../state/store.js';
import { ApiError } from './api-error.js';
import { BEARER_CHALLENGE } from './authenticate.js';
import { type OperationHandler, publicHandler } from './handler.js';
import { sendPasswordReset, sendVerificationCode } from './mail.js';
import { serializeTokenGrant, serializeUser } from './serialize-account.js';

interface SignupBody {
  email: string;
  password: string;
  name: string;
}
interface LoginBody {
  email: string;
  password: string;
  device_name?: string;
  token_expiry?: TokenExpiry;
  scopes?: string[];
}

/** The same answer whether or not the address has an account, so nobody can probe for accounts. */
const MAYBE_SENT = 'If an account needs it, an e-mail is on its way to that address.';

function invalidCredentials(): ApiError {
  return new ApiError('invalid_credentials', 'The e-mail address or password is wrong.', null, {
    'WWW-Authenticate': BEARER_CHALLENGE,
  });
}

/** Login scopes: omitted or containing `*` -> every scope (historical default); else exactly those asked. */
export function requestedScopes(scopes: readonly string[] | undefined): GrantedScopes {
  if (scopes === undefined || scopes.includes('*')) return '*';
  return scopes as ControlPlaneScope[];
}

const signup = publicHandler(({ c, ctx, body }) => {
  const { email, password, name } = body as unknown as SignupBody;
  const existing = ctx.state.findAccountByEmail(email);
  if (existing) {
    throw new ApiError(
      'email_taken',
      existing.verified
        ? 'An account with this e-mail address exists. Log in instead.'
        : 'An account with this e-mail address exists but is not verified; ask for a new code with resend-verification.',
      { verified: existing.verified },
    );
  }
  const account = ctx.state.createAccount({ email, password, name, verified: false });
  sendVerificationCode(ctx, account);
  return ok(
    c,
    {
      user: serializeUser(account),
      message: `A 6-digit verification code was sent to ${account.email}. Send it to POST /auth/verify-email to claim the account.`,
    },
    201,
  );
});

const verifyEmail = publicHandler(({ c, ctx, body }) => {
  const code = String(body.verification_code);
  const pending = ctx.state.verificationCodes.get(code);
  if (!pending)
    throw new ApiError('invalid_code', 'The verification code is wrong or was replaced by a newer one.');
  ctx.state.verificationCodes.delete(code);
  if (pending.expiresAt <= ctx.clock.now()) {
    throw new ApiError(
      'code_expired',
      'The verification code has expired; ask for a new one with resend-verification.',
    );
  }
  const account = ctx.state.accounts.get(pending.accountId);
  if (!account)
    throw new ApiError('invalid_code', 'The verification code is wrong or was replaced by a newer one.');
  account.verified = true;
  const { secret: apiKey } = ctx.state.createApiKey(account, 'default');
  const { secret, token } = ctx.state.issueToken({
    user: account,
    scopes: '*',
    expiry: '1_month',
    deviceName: 'verify-email',
  });
  return ok(c, serializeTokenGrant({ secret, token, user: account, apiKey }));
});

const resendVerification = publicHandler(({ c, ctx, body }) => {
  const account = ctx.state.findAccountByEmail(String(body.email));
  if (account && account.kind === 'user' && !account.verified) sendVerificationCode(ctx, account);
  return ok(c, { message: MAYBE_SENT });
});

const login = publicHandler(({ c, ctx, body }) => {
  const input = body as unknown as LoginBody;
  const account = ctx.state.findAccountByEmail(input.email);
  if (!account || !ctx.state.checkPassword(account, input.password)) throw invalidCredentials();
  if (!account.verified) {
    throw new ApiError(
      'email_not_verified',
      'The e-mail address of this account was not claimed yet. Send the e-mailed code to verify-email, or ask for a new one with resend-verification.',
    );
  }
  const { secret, token } = ctx.state.issueToken({
    user: account,
    scopes: requestedScopes(input.scopes),
    expiry: input.token_expiry ?? '1_month',
    ...(input.device_name ? { deviceName: input.device_name } : {}),
  });
  return ok(c, serializeTokenGrant({ secret, token, user: account }));
});

const forgotPassword = publicHandler(({ c, ctx, body }) => {
  const account = ctx.state.findAccountByEmail(String(body.email));
  if (account && account.kind === 'user') sendPasswordReset(ctx, account);
  return ok(c, { message: MAYBE_SENT });
});

const resetPassword = publicHandler(({ c, ctx, body }) => {
  const hash = sha256(String(body.token));
  const pending = ctx.state.resetTokens.get(hash);
  if (!pending) throw new ApiError('invalid_code', 'The reset token is wrong or was already used.');
  ctx.state.resetTokens.delete(hash);
  if (pending.expiresAt <= ctx.clock.now()) {
    throw new ApiError(
      'code_expired',
      'The reset token has expired; ask for a new one with forgot-password.',
    );
  }
  const account = ctx.state.accounts.get(pending.accountId);
  if (!account) throw new ApiError('invalid_code', 'The reset token is wrong or was already used.');
  ctx.state.setPassword(account, String(body.password));
  const tokens = ctx.state.liveTokens(account.id);
  for (const token of tokens) ctx.state.revokeToken(token);
  return ok(c, {
    message: `The password was changed and ${tokens.length} token(s) were revoked. Log in with the new password.`,
  });
});

/** Handlers of the public credential operations under /auth. */
export const AUTH_HANDLERS: Record<string, OperationHandler> = {
  post_auth_signup: signup,
  post_auth_verify_email: verifyEmail,
  post_auth_resend_verification: resendVerification,
  post_auth_login: login,
  post_auth_forgot_password: forgotPassword,
  post_auth_reset_password: resetPassword,
};
