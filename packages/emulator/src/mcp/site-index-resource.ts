import type { ReferenceResource, ResourceSource } from './reference-resource.js';
import { MCP_SERVER_IDENTITIES } from './server-identities.js';

/** The machine-readable addresses the specification publishes, relative to the origin. */
const PUBLISHED_ADDRESSES: ReadonlyArray<readonly [path: string, content: string]> = [
  ['/openapi.json', 'OpenAPI 3.1 description of the generation API'],
  ['/agents-openapi.json', 'OpenAPI 3.1 description of the agent control plane'],
  ['/.well-known/mcp.json', 'Manifest of the three MCP servers'],
  ['/.well-known/mcp/server-card.json', 'Server card of the MCP servers'],
  ['/.well-known/api-catalog', 'RFC 9727 linkset of the API surfaces (application/linkset+json)'],
  ['/auth.md', 'Agent registration runbook: signup, e-mail claim, scoped token, revocation'],
  [
    '/.well-known/oauth-authorization-server',
    'Authorization server metadata (RFC 8414), with the supported scopes',
  ],
  ['/.well-known/oauth-protected-resource', 'Protected resource metadata (RFC 9728)'],
  ['/llms.txt', 'Plain-text index of the platform for agents'],
  ['/llms-full.txt', 'The full plain-text description of the platform for agents'],
  ['/models-feed', 'Catalogue of public models: id, category, price, billing unit, plans'],
  ['/api-deprecation-policy', 'Versioning and deprecation policy'],
];

function siteIndex({ origin }: ResourceSource): string {
  return [
    '# Site index',
    '',
    `Published addresses of the service at ${origin}.`,
    '',
    '## Documents',
    '',
    ...PUBLISHED_ADDRESSES.map(([path, content]) => `- [${path}](${origin}${path}): ${content}`),
    '',
    '## MCP servers (Streamable HTTP)',
    '',
    ...MCP_SERVER_IDENTITIES.map(
      (server) => `- [${server.title}](${origin}${server.path}): ${server.description}`,
    ),
    '',
  ].join('\n');
}

/** `reference://site-index`: a markdown list of the published addresses, as absolute URLs. */
export const SITE_INDEX_RESOURCE: ReferenceResource = {
  uri: 'reference://site-index',
  name: 'site-index',
  title: 'Site index',
  description:
    'The published addresses of the service (OpenAPI documents, discovery documents, runbook, MCP servers) as absolute URLs.',
  mimeType: 'text/markdown',
  read: siteIndex,
};
