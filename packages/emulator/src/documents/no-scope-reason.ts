import type { ControlPlaneOperation } from '../catalogue/types.js';

/**
 * Why an operation without `x-required-scope` needs none, from its catalogue notes: a client
 * computing least privilege must know these are deliberate, not omissions.
 */
export function noScopeReason(operation: ControlPlaneOperation): string {
  const notes = operation.notes ?? '';
  if (notes === 'public') return 'No scope is needed: the operation is public and takes no token.';
  if (notes.startsWith('self-revocation')) {
    return 'No scope is needed: this is self-revocation. Any valid token may revoke itself; it is never gated by a scope.';
  }
  if (operation.auth === 'none') {
    return 'No scope is needed: this is a registration, credential-exchange or account-recovery call, made before the caller holds a token.';
  }
  return `No scope is needed: the call acts only on the calling token (${notes || 'any valid token'}), which keeps its scopes.`;
}
