/**
 * Operations that handle the account's credentials: signing up, logging in, verifying an address,
 * resetting a password, exchanging or refreshing a token, creating or changing API keys. They are
 * the toolkit's own business (`connect()` runs them for the agent, with the scopes it computed),
 * never a model's: a model that knows the password and holds a login tool can mint itself a token
 * with every scope, and one that can create API keys can hand itself a key.
 * @module
 */
import { isSafeMethod } from '../discovery/openapi/operation-effect.js';
import { CREDENTIAL_NOUNS, scopeEvidence } from '../discovery/openapi/scope-evidence.js';
import { wordsWithPairs } from '../discovery/openapi/words-of.js';
import type { Operation } from '../discovery/types.js';

/** The last path segments of credential endpoints, as services commonly name them. */
const CREDENTIAL_PATH =
  /\/(?:auth|oauth2?|account|accounts)\/(?:signup|sign-up|register|login|sign-in|signin|token|tokens\/exchange|refresh|verify-email|verify|resend-verification|forgot-password|reset-password|switch-account)$|\/oauth2?\/token$|\/me\/password$/;

function namesCredentials(operation: Operation): boolean {
  if (isSafeMethod(operation.method)) return false;
  // Operations built by hand (tests, other readers) may lack an id: the path is enough. Tokens
  // alone are no sign in a path (`count_tokens`); a scope that writes them is.
  return wordsWithPairs(operation.path, String(operation.id ?? '')).some((word) =>
    CREDENTIAL_NOUNS.has(word),
  );
}

/**
 * Whether `operation` handles credentials. Any of these signs is enough: a scope that writes
 * credentials (`api-keys:write`, `tokens:write`, `credentials.manage`); a path or id that writes
 * API keys, secrets or passwords; a change made without any credential (on a service where
 * everything else needs one, only the account's own way in does that: signup, login,
 * verification, password reset); a credential endpoint's path (token exchange, refresh, switching
 * account, changing the password).
 *
 * @example
 * handlesCredentials(service.requireOperation('login')); // true
 * handlesCredentials(service.requireOperation('post_api_keys')); // true (api-keys:write)
 * handlesCredentials(service.requireOperation('get_wallet_balance')); // false
 */
export function handlesCredentials(operation: Operation): boolean {
  const scopes =
    operation.scopes ?? (typeof operation.requiredScope === 'string' ? [operation.requiredScope] : []);
  return (
    scopeEvidence(scopes, { safeMethod: isSafeMethod(operation.method) }).credentials ||
    namesCredentials(operation) ||
    (operation.credential?.kind === 'none' && operation.effect !== 'read') ||
    CREDENTIAL_PATH.test(operation.path)
  );
}
