/**
 * Every scope a document names for one operation: its `x-required-scope` (one name or a list) and
 * the scopes of its security requirements (OAuth 2 and OpenID Connect schemes list them). They are
 * evidence of what the operation does, the strictest winning, so all of them count, whichever
 * requirement they come from.
 * @module
 */

import { effectiveSecurity } from './credential-placement.js';
import { isPlainObject } from './plain-object.js';

/** Longest list kept, and longest scope: a document cannot make this cost more than a glance. */
const MAX_SCOPES = 32;
const MAX_SCOPE_CHARS = 200;

function namesIn(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((name): name is string => typeof name === 'string')
    .flatMap((name) => name.split(/[\s,]+/))
    .filter((name) => name !== '' && name.length <= MAX_SCOPE_CHARS);
}

/**
 * The scope names `operation` declares, deduplicated, in the order met.
 *
 * @example
 * declaredScopes({ 'x-required-scope': 'wallet:write', security: [{ oauth: ['payments.write'] }] }, document);
 * // ['wallet:write', 'payments.write']
 */
export function declaredScopes(
  operation: Record<string, unknown>,
  document: Record<string, unknown>,
): string[] {
  const found = namesIn(operation['x-required-scope']);
  found.push(...namesIn(operation['x-required-scopes']), ...namesIn(operation['x-scopes']));
  for (const requirement of effectiveSecurity(operation, document).requirements) {
    if (!isPlainObject(requirement)) continue;
    for (const scopes of Object.values(requirement)) found.push(...namesIn(scopes));
  }
  return [...new Set(found)].slice(0, MAX_SCOPES);
}
