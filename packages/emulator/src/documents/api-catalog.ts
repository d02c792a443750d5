import { PAGE_PATHS, SURFACES } from './surfaces.js';

/** The media type of the catalogue (RFC 9264 linkset, with the RFC 9727 profile). */
export const API_CATALOG_CONTENT_TYPE =
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

interface LinkTarget {
  readonly href: string;
  readonly type?: string;
  readonly title?: string;
}

/** The relations every surface publishes, to documents shared by both surfaces or its own. */
function surfaceEntry(
  origin: string,
  surface: (typeof SURFACES)[keyof typeof SURFACES],
  extraDocs: LinkTarget[],
) {
  const link = (path: string, type: string, title: string): LinkTarget[] => [
    { href: `${origin}${path}`, type, title },
  ];
  return {
    anchor: `${origin}${surface.basePath}`,
    'service-desc': link(surface.openapiPath, 'application/openapi+json', `${surface.title} (OpenAPI 3.1)`),
    'service-doc': [...link(surface.docsPath, 'text/html', `${surface.title} reference`), ...extraDocs],
    status: link(PAGE_PATHS.status, 'application/json', 'Service status'),
    'terms-of-service': link(PAGE_PATHS.terms, 'text/html', 'Terms of service'),
    'privacy-policy': link(PAGE_PATHS.privacy, 'text/html', 'Privacy policy'),
    deprecation: link(PAGE_PATHS.deprecationPolicy, 'text/markdown', 'Versioning and deprecation policy'),
  };
}

/**
 * The API catalogue (RFC 9727): one linkset entry per API surface, anchored at its base URL,
 * and one for the catalogue itself whose `item` links list the surfaces.
 */
export function buildApiCatalog(origin: string): { linkset: Array<Record<string, unknown>> } {
  const surfaces = [SURFACES.generation, SURFACES.controlPlane];
  return {
    linkset: [
      {
        anchor: `${origin}${PAGE_PATHS.apiCatalog}`,
        item: surfaces.map((surface) => ({ href: `${origin}${surface.basePath}`, title: surface.title })),
      },
      surfaceEntry(origin, SURFACES.generation, []),
      surfaceEntry(origin, SURFACES.controlPlane, [
        {
          href: `${origin}${PAGE_PATHS.authRunbook}`,
          type: 'text/markdown',
          title: 'Agent registration runbook',
        },
      ]),
    ],
  };
}

/** The `Link` field that points at the catalogue (RFC 9727 section 3), for HEAD and GET answers. */
export function apiCatalogLinkHeader(origin: string): string {
  return `<${origin}${PAGE_PATHS.apiCatalog}>; rel="api-catalog"`;
}
