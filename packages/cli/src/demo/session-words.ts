/**
 * What the demo says about its credentials, worded by what they really are: an account it
 * registered, a login, a token it was given, or a generation key alone.
 * @module
 */
import type { ConnectAuth } from 'generation-agent-toolkit';

/** Before connecting: how the session will authenticate. */
export function describeAuth(auth: ConnectAuth | undefined): string {
  if (!auth) return 'No control-plane credentials: the session uses the generation key alone.';
  if ('token' in auth)
    return 'Using the token you gave: it keeps its own scopes, and the session will not revoke it.';
  if ('email' in auth) return `Logging in as ${auth.email} for just the scopes the demo's operations need.`;
  return `Registering ${auth.register.email} by the runbook.`;
}

/** After closing: what became of the session's token. */
export function describeClosing(auth: ConnectAuth | undefined): string {
  if (!auth) return 'Session closed.';
  if ('token' in auth) return 'Session closed: the token you gave is left as it was.';
  return 'Session closed: the token it obtained is revoked.';
}
