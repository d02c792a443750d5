/**
 * Is this an OpenAPI 3 document at all? The checks that make a document unusable, and the few
 * facts its root gives.
 * @module
 */

import { DiscoveryDocumentError } from '../errors.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

/** What the root of a usable OpenAPI document says about itself. */
export interface OpenApiRootFacts {
  /** The `openapi` field as published: `3.0.3`, `3.1.0`. */
  readonly openapiVersion: string;
  readonly title: string;
  /** `info.version`, when it is a string. */
  readonly documentVersion?: string;
}

const OPENAPI_3 = /^3\.\d+(\.\d+)?([-+].*)?$/;

/**
 * Throws a {@link DiscoveryDocumentError} unless `document` is an object with an `openapi` 3.x
 * version and a `paths` object; returns the version, title and document version.
 */
export function checkOpenApiRoot(
  document: unknown,
  documentUrl: string,
  fallbackTitle: string,
  warnings: WarningCollector,
): OpenApiRootFacts {
  if (!isPlainObject(document)) {
    const found = Array.isArray(document) ? 'an array' : document === null ? 'null' : `a ${typeof document}`;
    throw new DiscoveryDocumentError({
      document: documentUrl,
      at: '#',
      message: `An OpenAPI document must be a JSON object, but this one is ${found}. Check that the address serves the OpenAPI description.`,
    });
  }
  const version = document.openapi;
  if (typeof version !== 'string' || !OPENAPI_3.test(version.trim())) {
    const swagger = typeof document.swagger === 'string' ? ` (it says swagger ${document.swagger})` : '';
    throw new DiscoveryDocumentError({
      document: documentUrl,
      at: '#/openapi',
      message:
        version === undefined
          ? `The document has no "openapi" version field${swagger}; only OpenAPI 3.x is read. Publish an OpenAPI 3.0 or 3.1 description, or convert a Swagger 2.0 one.`
          : `The document declares openapi ${JSON.stringify(version)}; only OpenAPI 3.x is read. Publish an OpenAPI 3.0 or 3.1 description.`,
    });
  }
  if (!isPlainObject(document.paths)) {
    throw new DiscoveryDocumentError({
      document: documentUrl,
      at: '#/paths',
      message:
        document.paths === undefined
          ? 'The OpenAPI document has no "paths", so it describes no operation to call. Point discovery at the document that lists the operations.'
          : 'The OpenAPI document\'s "paths" is not an object of path items; the document cannot be read.',
    });
  }
  const info = isPlainObject(document.info) ? document.info : {};
  let title = typeof info.title === 'string' ? info.title.trim() : '';
  if (!title) {
    warnings.warn({
      code: 'missing-title',
      at: '#/info/title',
      message: `The document has no info.title; it is called "${fallbackTitle}" instead.`,
    });
    title = fallbackTitle;
  }
  return {
    openapiVersion: version.trim(),
    title,
    ...(typeof info.version === 'string' && info.version.trim()
      ? { documentVersion: info.version.trim() }
      : {}),
  };
}
