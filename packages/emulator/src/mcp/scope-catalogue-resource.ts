import { CONTROL_PLANE_OPERATIONS } from '../catalogue/control-plane-operations.js';
import { CONTROL_PLANE_SCOPES, WILDCARD_SCOPE } from '../catalogue/scopes.js';
import type { ControlPlaneOperation } from '../catalogue/types.js';
import type { ReferenceResource } from './reference-resource.js';

function toolOf(operation: ControlPlaneOperation): string {
  return `agent-${operation.resource}`;
}

function scopeCatalogue(): Record<string, unknown> {
  const withoutScope = CONTROL_PLANE_OPERATIONS.filter((operation) => operation.requiredScope === null);
  return {
    howToAsk:
      'Ask for scopes at login: POST /api/agents/v1/auth/login with "scopes": [...] (tool agent-auth, action post_auth_login). Without scopes the token gets "*". A call outside the token\'s scopes answers 403 insufficient_scope, naming the scope in details.required_scope and in WWW-Authenticate.',
    wildcard: { scope: WILDCARD_SCOPE, grants: 'Every scope below; the default of a login without scopes.' },
    scopes: CONTROL_PLANE_SCOPES.map((scope) => {
      const operations = CONTROL_PLANE_OPERATIONS.filter(
        (operation) => operation.requiredScope === scope.name,
      );
      return {
        scope: scope.name,
        grants: scope.grants,
        operationIds: operations.map((operation) => operation.operationId),
        tools: [...new Set(operations.map(toolOf))],
      };
    }),
    noScope: {
      note: 'These need no scope: public calls, the credential exchange, and revoking the calling token itself.',
      operationIds: withoutScope.map((operation) => operation.operationId),
      withoutToken: withoutScope
        .filter((operation) => operation.auth === 'none')
        .map((operation) => operation.operationId),
    },
  };
}

/** `reference://scope-catalogue`: each control-plane scope, what it grants and the operations that need it. */
export const SCOPE_CATALOGUE_RESOURCE: ReferenceResource = {
  uri: 'reference://scope-catalogue',
  name: 'scope-catalogue',
  title: 'Scope catalogue',
  description:
    'Each control-plane scope, what it grants and which operationIds (and tools) need it, so that a client can ask for the fewest scopes.',
  mimeType: 'application/json',
  read: () => JSON.stringify(scopeCatalogue(), null, 2),
};
