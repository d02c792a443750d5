import { CONTROL_PLANE_OPERATIONS, CONTROL_PLANE_PREFIX } from '../catalogue/control-plane-operations.js';
import { CONTROL_PLANE_SCOPES, WILDCARD_SCOPE } from '../catalogue/scopes.js';
import { PAGE_PATHS, SURFACES } from './surfaces.js';

/** Every scope a token can carry: `*`, then the catalogue's. */
export const SUPPORTED_SCOPES: readonly string[] = [
  WILDCARD_SCOPE,
  ...CONTROL_PLANE_SCOPES.map((scope) => scope.name),
];

function endpoint(origin: string, operationId: string): string {
  const operation = CONTROL_PLANE_OPERATIONS.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no control-plane operation ${operationId}`);
  return `${origin}${operation.path}`;
}

/** Protected resource metadata of the control plane (RFC 9728). */
export function buildProtectedResourceMetadata(origin: string): Record<string, unknown> {
  return {
    resource: `${origin}${CONTROL_PLANE_PREFIX}`,
    resource_name: SURFACES.controlPlane.title,
    authorization_servers: [origin],
    scopes_supported: SUPPORTED_SCOPES,
    bearer_methods_supported: ['header'],
    resource_documentation: `${origin}${SURFACES.controlPlane.docsPath}`,
    resource_policy_uri: `${origin}${PAGE_PATHS.privacy}`,
    resource_tos_uri: `${origin}${PAGE_PATHS.terms}`,
  };
}

/**
 * Authorization server metadata (RFC 8414) merged with the protected resource metadata
 * (RFC 9728), as the spec publishes both at one address. The service is not a full OAuth server:
 * tokens come from a JSON login with the account's credentials (auth.md explains the ceremony),
 * so there is no authorization endpoint and no response type.
 */
export function buildAuthorizationServerMetadata(origin: string): Record<string, unknown> {
  return {
    issuer: origin,
    token_endpoint: endpoint(origin, 'post_auth_login'),
    revocation_endpoint: endpoint(origin, 'post_auth_logout'),
    registration_endpoint: endpoint(origin, 'post_auth_signup'),
    scopes_supported: SUPPORTED_SCOPES,
    response_types_supported: [],
    grant_types_supported: ['password'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    service_documentation: `${origin}${PAGE_PATHS.authRunbook}`,
    op_policy_uri: `${origin}${PAGE_PATHS.privacy}`,
    op_tos_uri: `${origin}${PAGE_PATHS.terms}`,
    ...buildProtectedResourceMetadata(origin),
  };
}
