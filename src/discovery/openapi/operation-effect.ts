/**
 * What calling an operation does to the account, from the strongest evidence down: the scopes it
 * declares, the service's own annotations, then its path and id words and its method. The
 * strictest reading wins, and nothing weaker lowers a stronger one: a GET, a fetch-like path or an
 * OpenAPI link naming it never makes `wallet:write` a read.
 * @module
 */

import type { HttpMethod, OperationEffect } from '../types.js';
import { annotationEffect } from './annotation-evidence.js';
import { MONEY_NOUNS, scopeEvidence, stricterEffect } from './scope-evidence.js';
import { wordsWithPairs } from './words-of.js';

export { wordsOf } from './words-of.js';

const DESTRUCTIVE_WORDS = new Set(['revoke', 'logout', 'delete', 'remove', 'destroy', 'purge', 'erase']);
/** Verbs of money in a path or id: they move money whatever the method (`GET /wallet/fund`). */
const MONEY_VERBS = new Set([
  'fund',
  'purchase',
  'pay',
  'topup',
  'buy',
  'refund',
  'withdraw',
  'deposit',
  'payout',
]);

/** Whether the method alone says the operation reads: GET (the only safe method operations have). */
export function isSafeMethod(method: HttpMethod): boolean {
  return method === 'GET';
}

/** What an operation is, as the classification reads it. */
export interface EffectEvidence {
  readonly method: HttpMethod;
  readonly path: string;
  readonly id: string;
  /** Every scope the documents name for the operation. */
  readonly scopes?: readonly string[];
  /** The operation object as published, for its annotations. */
  readonly annotations?: Record<string, unknown>;
}

/**
 * The effect that the evidence beyond the method says, or undefined when it says nothing more
 * than reading: scopes, annotations, and money or destruction in the path and id words. An
 * operation with such an effect is never a fetch, whatever links or path shapes claim.
 */
export function authorityEffect(input: EffectEvidence): OperationEffect | undefined {
  const safe = isSafeMethod(input.method);
  let effect = scopeEvidence(input.scopes ?? [], { safeMethod: safe }).effect;
  const raise = (next: OperationEffect | undefined) => {
    if (next !== undefined) effect = effect === undefined ? next : stricterEffect(effect, next);
  };
  if (input.annotations) raise(annotationEffect(input.annotations));
  const words = wordsWithPairs(input.path, input.id);
  if (words.some((word) => MONEY_VERBS.has(word))) raise('money');
  if (!safe && words.some((word) => MONEY_NOUNS.has(word))) raise('money');
  if (!safe && words.some((word) => DESTRUCTIVE_WORDS.has(word))) raise('destructive');
  return effect;
}

/**
 * Classifies an operation, the strictest evidence winning: its scopes (`wallet:write` moves money,
 * `teams:write` writes, `wallet:read` only reads), its annotations (`destructiveHint`,
 * `x-effect`), its path and id words (revoke / logout / delete / remove destroy; wallet, billing,
 * payments, subscriptions, credits, payouts, checkout, top-up move money; fund, purchase, pay,
 * withdraw move money even on a GET) and its method (DELETE destroys; GET, and the
 * fetch operations of jobs read; anything else writes). The method and the fetch role can only
 * say "read" when nothing stronger says more.
 */
export function classifyEffect(input: EffectEvidence & { readonly isFetch: boolean }): OperationEffect {
  const byMethod: OperationEffect =
    input.method === 'DELETE'
      ? 'destructive'
      : isSafeMethod(input.method) || input.isFetch
        ? 'read'
        : 'write';
  return stricterEffect(byMethod, authorityEffect(input));
}
