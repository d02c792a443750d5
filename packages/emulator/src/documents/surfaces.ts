import { CONTROL_PLANE_PREFIX } from '../catalogue/control-plane-operations.js';

/** One API surface of the service, and where its descriptions live. */
export interface ApiSurface {
  readonly title: string;
  readonly summary: string;
  /** The surface's base path: the anchor of its api-catalog entry. */
  readonly basePath: string;
  readonly openapiPath: string;
  /** The HTML reference page. */
  readonly docsPath: string;
}

/** The two API surfaces: every published document that lists them reads this. */
export const SURFACES = {
  generation: {
    title: 'Generation API',
    summary: 'Image, video, audio, 3D, training and language-model generation.',
    basePath: '/api',
    openapiPath: '/openapi.json',
    docsPath: '/docs/generation',
  },
  controlPlane: {
    title: 'Agent control plane',
    summary: 'Account, tokens, API keys, usage, models, files, billing, wallet, subscriptions and teams.',
    basePath: CONTROL_PLANE_PREFIX,
    openapiPath: '/agents-openapi.json',
    docsPath: '/docs/control-plane',
  },
} as const satisfies Record<string, ApiSurface>;

/** The addresses of the service's other published documents and pages. */
export const PAGE_PATHS = {
  apiCatalog: '/.well-known/api-catalog',
  authorizationServer: '/.well-known/oauth-authorization-server',
  protectedResource: '/.well-known/oauth-protected-resource',
  mcpManifest: '/.well-known/mcp.json',
  authRunbook: '/auth.md',
  llmsTxt: '/llms.txt',
  llmsFullTxt: '/llms-full.txt',
  modelsFeed: '/models-feed',
  deprecationPolicy: '/api-deprecation-policy',
  status: '/status',
  terms: '/terms',
  privacy: '/privacy',
} as const;
