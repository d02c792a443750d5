/**
 * What a declared scope says an operation does. The scope is the service's own statement of the
 * privilege an operation needs, and so the strongest evidence of its effect: `wallet:write` moves
 * money whatever the path, the method or the links of the document say.
 * @module
 */

import type { OperationEffect } from '../types.js';
import { wordsWithPairs } from './words-of.js';

/** What one scope (or several) says of the operations that need it. */
export interface ScopeEvidence {
  /** The least effect the scope allows; undefined when it says nothing definite (`profile`). */
  readonly effect?: OperationEffect;
  /** The scope writes credentials: API keys, tokens, passwords, secrets. */
  readonly credentials: boolean;
}

// Words that say a scope only reads. `read_write` (and `readwrite`) writes: the write words win.
const READ_WORDS = new Set(['read', 'readonly', 'ro', 'view', 'viewer', 'list', 'get', 'show', 'lookup']);
const WRITE_WORDS = new Set([
  'write',
  'readwrite',
  'rw',
  'create',
  'update',
  'manage',
  'management',
  'edit',
  'modify',
  'admin',
  'full',
  'owner',
  'post',
  'put',
  'patch',
  'set',
  'send',
  'execute',
  'exec',
  'use',
  'initiate',
]);
const DESTRUCTIVE_WORDS = new Set(['delete', 'remove', 'revoke', 'destroy', 'purge', 'erase']);
/** Verbs of spending, whatever they act on: `charge`, `payments.pay`, `spend:credits`. */
const MONEY_VERBS = new Set([
  'pay',
  'spend',
  'charge',
  'purchase',
  'buy',
  'fund',
  'topup',
  'refund',
  'payout',
  'transfer',
  'withdraw',
  'deposit',
  'checkout',
  'subscribe',
]);
/** Nouns of money, in a scope, a path or an id: writing them moves money. */
export const MONEY_NOUNS: ReadonlySet<string> = new Set([
  'wallet',
  'wallets',
  'billing',
  'payment',
  'payments',
  'subscription',
  'subscriptions',
  'credit',
  'credits',
  'payout',
  'payouts',
  'checkout',
  'checkouts',
  'topup',
  'topups',
  'invoice',
  'invoices',
  'charge',
  'charges',
  'fund',
  'funds',
  'funding',
  'purchase',
  'purchases',
  'refund',
  'refunds',
]);
/**
 * Things whose writing moves money when a scope names them: the nouns above, and words too
 * common in paths to read there (`plans:write` moves money; `/floor_plan` is an image).
 */
const MONEY_RESOURCES: ReadonlySet<string> = new Set([
  ...MONEY_NOUNS,
  'bill',
  'bills',
  'transfer',
  'transfers',
  'balance',
  'balances',
  'money',
  'finance',
  'financial',
  'plan',
  'plans',
  'order',
  'orders',
  'card',
  'cards',
  'bank',
  'ledger',
]);
/** Nouns of credentials, in a scope, a path or an id. */
export const CREDENTIAL_NOUNS: ReadonlySet<string> = new Set([
  'apikey',
  'apikeys',
  'credential',
  'credentials',
  'secret',
  'secrets',
  'password',
  'passwords',
]);
/** Things whose writing hands out or changes credentials when a scope names them (`tokens:write`). */
const CREDENTIAL_RESOURCES: ReadonlySet<string> = new Set([
  ...CREDENTIAL_NOUNS,
  'key',
  'keys',
  'token',
  'tokens',
  'oauth',
  'oauth2',
]);

const RANK: Readonly<Record<OperationEffect, number>> = { read: 0, write: 1, destructive: 2, money: 3 };

/** The stricter of two effects: money over destruction over writing over reading. */
export function stricterEffect(left: OperationEffect, right: OperationEffect | undefined): OperationEffect {
  return right !== undefined && RANK[right] > RANK[left] ? right : left;
}

/**
 * The words of a scope, whatever its spelling: `wallet:write`, `payments.write`, `billing/write`,
 * `write:wallet`, `https://api.example.com/auth/wallet.write` (an OAuth-style URL: its origin is
 * no evidence), `api-keys:write`.
 */
function scopeWords(scope: string): string[] {
  const withoutOrigin = scope.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return wordsWithPairs(withoutOrigin);
}

/** What one scope says. */
function oneScope(scope: string, safeMethod: boolean): ScopeEvidence {
  const words = scopeWords(scope);
  const has = (set: ReadonlySet<string>) => words.some((word) => set.has(word));
  const credentialsNamed = has(CREDENTIAL_RESOURCES);
  const writes = has(WRITE_WORDS) || has(DESTRUCTIVE_WORDS) || has(MONEY_VERBS);
  // A scope that says neither read nor write (`wallet`, `profile`) is read by the method: a GET
  // that needs it reads; anything else writes, and the strictest reading of its resource wins.
  const readsOnly = !writes && (has(READ_WORDS) || safeMethod);
  if (readsOnly) return { credentials: false };
  if (has(MONEY_VERBS) || has(MONEY_RESOURCES)) return { effect: 'money', credentials: credentialsNamed };
  if (has(DESTRUCTIVE_WORDS)) return { effect: 'destructive', credentials: credentialsNamed };
  return { effect: 'write', credentials: credentialsNamed };
}

/**
 * What the scopes an operation needs say of it, the strictest of them winning: `wallet:write`,
 * `billing:write`, `subscriptions:write`, `credits:write`, `payments.write` move money;
 * `api-keys:write` and `tokens:write` write credentials; any other write scope (`teams:write`, an
 * unknown `frobs:write`) writes. A read scope (`wallet:read`) says nothing beyond reading: the
 * method and path may still say more.
 *
 * @example
 * scopeEvidence(['wallet:write'], { safeMethod: true }); // { effect: 'money', credentials: false }
 * scopeEvidence(['api-keys:write'], { safeMethod: false }); // { effect: 'write', credentials: true }
 */
export function scopeEvidence(
  scopes: readonly string[],
  options: { readonly safeMethod: boolean },
): ScopeEvidence {
  let effect: OperationEffect | undefined;
  let credentials = false;
  for (const scope of scopes) {
    const evidence = oneScope(scope, options.safeMethod);
    if (evidence.effect !== undefined) effect = stricterEffect(evidence.effect, effect);
    credentials ||= evidence.credentials;
  }
  return { ...(effect === undefined ? {} : { effect }), credentials };
}
