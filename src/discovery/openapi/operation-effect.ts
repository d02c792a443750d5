/**
 * What calling an operation does to the account.
 * @module
 */

import type { HttpMethod, OperationEffect } from '../types.js';

const DESTRUCTIVE_WORDS = new Set(['revoke', 'logout', 'withdraw', 'delete', 'remove']);
const MONEY_WORDS = new Set(['billing', 'wallet', 'payment', 'payments', 'subscription', 'subscriptions']);

/**
 * The words of a path or id: split at every non-letter-or-digit and at camelCase humps, so that
 * `removebg_mask` and `watermark_remover` are not read as `remove`.
 */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Classifies an operation, first rule that applies: GET and fetch operations read; DELETE, or a
 * path or id with revoke / logout / withdraw / delete / remove, is destructive; billing, wallet,
 * payments and subscriptions move money; anything else writes.
 */
export function classifyEffect(input: {
  readonly method: HttpMethod;
  readonly path: string;
  readonly id: string;
  readonly isFetch: boolean;
}): OperationEffect {
  if (input.method === 'GET' || input.isFetch) return 'read';
  const words = [...wordsOf(input.path), ...wordsOf(input.id)];
  if (input.method === 'DELETE' || words.some((word) => DESTRUCTIVE_WORDS.has(word))) return 'destructive';
  if (words.some((word) => MONEY_WORDS.has(word))) return 'money';
  return 'write';
}
