/**
 * Operations that handle the account's credentials: signing up, logging in, verifying an address,
 * resetting a password, exchanging or refreshing a token. They are the toolkit's own business
 * (`connect()` runs them for the agent, with the scopes it computed), never a model's: a model that
 * knows the password and holds a login tool can mint itself a token with every scope.
 * @module
 */
import type { Operation } from '../discovery/types.js';

/** The last path segments of credential endpoints, as services commonly name them. */
const CREDENTIAL_PATH =
  /\/(?:auth|oauth2?|account|accounts)\/(?:signup|sign-up|register|login|sign-in|signin|token|tokens\/exchange|refresh|verify-email|verify|resend-verification|forgot-password|reset-password|switch-account)$|\/oauth2?\/token$|\/me\/password$/;

/**
 * Whether `operation` handles credentials. Two signs, either enough: it changes something without
 * any credential (on a service where everything else needs one, only the account's own way in does
 * that: signup, login, verification, password reset), or its path is a credential endpoint's
 * (token exchange, refresh, switching account, changing the password).
 *
 * @example
 * handlesCredentials(service.requireOperation('login')); // true
 * handlesCredentials(service.requireOperation('get_wallet_balance')); // false
 */
export function handlesCredentials(operation: Operation): boolean {
  return (
    (operation.credential.kind === 'none' && operation.effect !== 'read') ||
    CREDENTIAL_PATH.test(operation.path)
  );
}
