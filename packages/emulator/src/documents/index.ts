import type { EmulatorApp, EmulatorContext, RequestContext } from '../context.js';
import { errorResponse } from '../http/surface-errors.js';
import { API_CATALOG_CONTENT_TYPE, apiCatalogLinkHeader, buildApiCatalog } from './api-catalog.js';
import { buildAuthRunbook } from './auth-runbook.js';
import { buildControlPlaneDocsPage } from './control-plane-docs-page.js';
import { buildControlPlaneOpenApi } from './control-plane-openapi.js';
import { buildDeprecationPolicy } from './deprecation-policy.js';
import { DocumentCache } from './document-cache.js';
import { buildGenerationDocsPage } from './generation-docs-page.js';
import { buildGenerationOpenApi } from './generation-openapi.js';
import { buildPrivacyPage, buildTermsPage } from './legal-pages.js';
import { buildLlmsTxt } from './llms-txt.js';
import { modelsFeedPage } from './models-feed.js';
import { buildAuthorizationServerMetadata, buildProtectedResourceMetadata } from './oauth-metadata.js';
import { openApiMediaType } from './openapi-media-type.js';
import { publishText, sendDocument } from './published-document.js';
import { buildStatus } from './status-document.js';
import { PAGE_PATHS, SURFACES } from './surfaces.js';

/** Small JSON documents are indented for people; the OpenAPI documents are compact, being large. */
const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const asCompactJson = (value: unknown) => JSON.stringify(value);

const MARKDOWN = 'text/markdown; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json';

/** A document that depends only on the origin (and the emulator's options): built once per origin. */
interface OriginDocument {
  readonly path: string;
  readonly build: (origin: string) => string;
  /** Its media type, fixed or negotiated from the request. */
  readonly contentType: string | ((c: RequestContext) => string);
  readonly vary?: string;
  readonly cacheControl?: string;
  readonly headers?: (origin: string) => Record<string, string>;
}

function originDocuments(ctx: EmulatorContext): OriginDocument[] {
  const { options } = ctx;
  const openApiType = (c: RequestContext) => openApiMediaType(c.req.header('accept'));
  return [
    {
      path: SURFACES.generation.openapiPath,
      build: (origin) => asCompactJson(buildGenerationOpenApi(options, origin)),
      contentType: openApiType,
      vary: 'Accept',
    },
    {
      path: SURFACES.controlPlane.openapiPath,
      build: (origin) => asCompactJson(buildControlPlaneOpenApi(options, origin)),
      contentType: openApiType,
      vary: 'Accept',
    },
    {
      path: PAGE_PATHS.apiCatalog,
      build: (origin) => asJson(buildApiCatalog(origin)),
      contentType: API_CATALOG_CONTENT_TYPE,
      headers: (origin) => ({ Link: apiCatalogLinkHeader(origin) }),
    },
    {
      path: SURFACES.generation.docsPath,
      build: (origin) => buildGenerationDocsPage(options, origin),
      contentType: HTML,
    },
    { path: SURFACES.controlPlane.docsPath, build: buildControlPlaneDocsPage, contentType: HTML },
    // Health must not be served stale from a cache; the ETag still spares unchanged bodies.
    {
      path: PAGE_PATHS.status,
      build: (origin) => asJson(buildStatus(options, origin)),
      contentType: JSON_TYPE,
      cacheControl: 'no-cache',
    },
    { path: PAGE_PATHS.terms, build: buildTermsPage, contentType: HTML },
    { path: PAGE_PATHS.privacy, build: buildPrivacyPage, contentType: HTML },
    {
      path: PAGE_PATHS.authorizationServer,
      build: (origin) => asJson(buildAuthorizationServerMetadata(origin)),
      contentType: JSON_TYPE,
    },
    {
      path: PAGE_PATHS.protectedResource,
      build: (origin) => asJson(buildProtectedResourceMetadata(origin)),
      contentType: JSON_TYPE,
    },
    // RFC 9728 section 3.1: the metadata of a resource with a path also lives under that path.
    {
      path: `${PAGE_PATHS.protectedResource}${SURFACES.controlPlane.basePath}`,
      build: (origin) => asJson(buildProtectedResourceMetadata(origin)),
      contentType: JSON_TYPE,
    },
    { path: PAGE_PATHS.authRunbook, build: buildAuthRunbook, contentType: MARKDOWN },
    {
      path: PAGE_PATHS.llmsTxt,
      build: (origin) => buildLlmsTxt(origin, false),
      contentType: 'text/plain; charset=utf-8',
    },
    {
      path: PAGE_PATHS.llmsFullTxt,
      build: (origin) => buildLlmsTxt(origin, true),
      contentType: 'text/plain; charset=utf-8',
    },
    {
      path: PAGE_PATHS.deprecationPolicy,
      build: () => buildDeprecationPolicy(options),
      contentType: MARKDOWN,
    },
  ];
}

/**
 * Serves the published documents: both OpenAPI documents, the API catalogue and the pages it
 * links, OAuth metadata, auth.md, llms.txt, the model feed and the deprecation policy. Each is
 * generated from the catalogue and the options, built once per origin, and revalidated by ETag.
 */
export function registerDocuments(app: EmulatorApp, ctx: EmulatorContext): void {
  const cache = new DocumentCache();
  for (const document of originDocuments(ctx)) {
    app.get(document.path, (c) => {
      const origin = c.get('origin');
      return sendDocument(
        c,
        cache.get(origin, document.path, () => document.build(origin)),
        {
          contentType:
            typeof document.contentType === 'string' ? document.contentType : document.contentType(c),
          ...(document.vary ? { vary: document.vary } : {}),
          ...(document.cacheControl ? { cacheControl: document.cacheControl } : {}),
          ...(document.headers ? { headers: document.headers(origin) } : {}),
        },
      );
    });
  }

  app.get(PAGE_PATHS.modelsFeed, (c) => {
    const page = modelsFeedPage(
      { category: c.req.query('category'), page: c.req.query('page'), per_page: c.req.query('per_page') },
      c.get('origin'),
    );
    if (!page.ok) {
      return errorResponse(c, ctx, {
        status: 400,
        code: 'invalid_query',
        message: page.message,
        extra: page.details,
      });
    }
    return sendDocument(c, publishText(asJson(page.body)), {
      contentType: JSON_TYPE,
      ...(page.next ? { headers: { Link: `<${page.next}>; rel="next"` } } : {}),
    });
  });
}
