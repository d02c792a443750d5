import { ok } from '../http/envelope.js';
import type { TokenExpiry } from '../state/records.js';
import { notFound } from './api-error.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { serializeAccessToken, serializeTokenGrant } from './serialize-account.js';

const logout = tokenHandler(({ c, ctx, session }) => {
  ctx.state.revokeToken(session.token);
  return ok(c, { message: 'The token was revoked.' });
});

/** Rotation: a new token with the same scopes and account context; the calling one dies. */
const refresh = tokenHandler(({ c, ctx, session, body }) => {
  const { token: old, user, context } = session;
  const { secret, token } = ctx.state.issueToken({
    user,
    context,
    scopes: old.scopes,
    expiry: (body.token_expiry as TokenExpiry | undefined) ?? old.expiry,
    deviceName: old.deviceName,
  });
  ctx.state.revokeToken(old);
  return ok(c, serializeTokenGrant({ secret, token, user }));
});

const listTokens = tokenHandler(({ c, ctx, session }) =>
  ok(
    c,
    ctx.state.liveTokens(session.user.id).map((token) => serializeAccessToken(token, session.token)),
  ),
);

const revokeToken = tokenHandler(({ c, ctx, session, params }) => {
  const id = params.id ?? '';
  const token = ctx.state.tokens.get(id);
  if (!token || token.userId !== session.user.id) throw notFound('token', id);
  ctx.state.revokeToken(token);
  return ok(c, { message: `The token ${token.id} was revoked.` });
});

const revokeOthers = tokenHandler(({ c, ctx, session }) => {
  const others = ctx.state.liveTokens(session.user.id).filter((token) => token.id !== session.token.id);
  for (const token of others) ctx.state.revokeToken(token);
  return ok(c, { revoked: others.length });
});

const logoutAll = tokenHandler(({ c, ctx, session }) => {
  const tokens = ctx.state.liveTokens(session.user.id);
  for (const token of tokens) ctx.state.revokeToken(token);
  return ok(c, { revoked: tokens.length });
});

/** Handlers of the token lifecycle: logout, rotation, listing and revocation. */
export const TOKEN_HANDLERS: Record<string, OperationHandler> = {
  post_auth_logout: logout,
  post_auth_refresh: refresh,
  get_auth_tokens: listTokens,
  delete_auth_tokens_by_id: revokeToken,
  post_auth_tokens_revoke_others: revokeOthers,
  post_auth_logout_all: logoutAll,
};
