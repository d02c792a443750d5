import { ok } from '../http/envelope.js';
import type { Account, GrantedScopes } from '../state/records.js';
import type { EmulatorState } from '../state/store.js';
import { notFound } from './api-error.js';
import { requestedScopes } from './auth.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { serializeTokenGrant } from './serialize-account.js';
import { activeMembership } from './team-access.js';

/**
 * The scopes of a switched token: what was asked, cut down to what the caller holds. It never
 * widens: a caller without `*` cannot get `*` back, and unheld scopes are dropped and reported.
 */
export function narrowScopes(
  held: GrantedScopes,
  asked: GrantedScopes,
): { scopes: GrantedScopes; dropped: string[] } {
  if (held === '*') return { scopes: asked, dropped: [] };
  if (asked === '*') return { scopes: held, dropped: ['*'] };
  return {
    scopes: asked.filter((scope) => held.includes(scope)),
    dropped: asked.filter((scope) => !held.includes(scope)),
  };
}

function targetAccount(state: EmulatorState, user: Account, accountId: string): Account | undefined {
  if (accountId === user.id) return user;
  const team = state.accounts.get(accountId);
  return team && team.kind === 'team' && activeMembership(team, user) ? team : undefined;
}

const switchAccount = tokenHandler(({ c, ctx, session, body }) => {
  const accountId = String(body.account_id);
  const context = targetAccount(ctx.state, session.user, accountId);
  if (!context) throw notFound('team you are an active member of', accountId);
  const asked = body.scopes === undefined ? session.token.scopes : requestedScopes(body.scopes as string[]);
  const { scopes, dropped } = narrowScopes(session.token.scopes, asked);
  const { secret, token } = ctx.state.issueToken({
    user: session.user,
    context,
    scopes,
    expiry: session.token.expiry,
    deviceName: session.token.deviceName,
    // Never outlive the token that asked: switching is not a way to extend a session.
    notAfter: session.token.expiresAt,
  });
  return ok(c, {
    ...serializeTokenGrant({ secret, token, user: session.user }),
    account: { id: context.id, name: context.name, kind: context.kind },
    ...(dropped.length > 0 ? { dropped_scopes: dropped } : {}),
  });
});

/** Handler of switch-account. */
export const SWITCH_ACCOUNT_HANDLERS: Record<string, OperationHandler> = {
  post_auth_switch_account: switchAccount,
};
