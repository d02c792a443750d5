import type { ControlPlaneOperation } from '../catalogue/types.js';
import { noScopeReason } from './no-scope-reason.js';

const EFFECT_TEXT: Record<ControlPlaneOperation['effect'], string> = {
  read: 'Reads; changes nothing.',
  write: 'Changes the account.',
  money:
    'Moves money: have a person approve the call, and send an `Idempotency-Key` so that a retry never charges twice.',
  destructive: 'Destructive: the change cannot be undone.',
};

/** The description of a control-plane operation: effect, the scope it needs (or why none), authentication. */
export function describeControlPlaneOperation(operation: ControlPlaneOperation): string {
  const scope = operation.requiredScope
    ? `Requires a token with the scope \`${operation.requiredScope}\` (or \`*\`); without it the answer is 403 insufficient_scope.`
    : noScopeReason(operation);
  const auth =
    operation.auth === 'none'
      ? 'No token is needed.'
      : 'Authenticate with `Authorization: Bearer <access_token>`.';
  return [`${operation.summary}.`, EFFECT_TEXT[operation.effect], scope, auth].join(' ');
}
