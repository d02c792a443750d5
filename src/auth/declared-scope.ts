/**
 * Whether a scope a document declares can be asked for as it is. A hostile or careless document
 * must not widen the token: `*` (or `wallet:*`) asks for every privilege, a list (`a b`, `a,b`)
 * for several at once, and anything outside the characters of RFC 6749's scope-token is no scope
 * name at all.
 * @module
 */

/** One scope-token (RFC 6749, section 3.3) without list separators (commas) or wildcards. */
const SCOPE_NAME = /^[\x21\x23-\x29\x2B\x2D-\x5B\x5D-\x7E]+$/;

/** A scope as quoted in a message: printable, and short whatever a document put there. */
export function quoteScope(scope: string): string {
  return JSON.stringify(scope.length > 80 ? `${scope.slice(0, 80)}…` : scope);
}

/** Why `scope` cannot be asked for as one operation's privilege; undefined when it can. */
export function scopeProblem(scope: string): string | undefined {
  if (scope.includes('*')) return `the scope ${quoteScope(scope)} asks for every privilege`;
  if (/[\s,]/.test(scope)) return `the scope ${quoteScope(scope)} is a list, not one scope`;
  if (!SCOPE_NAME.test(scope)) return `the scope ${quoteScope(scope)} is not a valid scope name`;
  return undefined;
}
