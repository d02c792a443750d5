/**
 * An untrusted OpenAPI document (3.0 or 3.1) read into the toolkit's {@link Operation} model.
 * @module
 */

import { DiscoveryDocumentError } from '../errors.js';
import type { DiscoveryWarning, Operation } from '../types.js';
import { acceptEitherIdType } from './accept-either-id-type.js';
import { assertDocumentSize } from './assert-document-size.js';
import { markedCallbackFields } from './callback-fields.js';
import { checkOpenApiRoot } from './check-openapi-root.js';
import { collectOperations } from './collect-operations.js';
import { credentialParameterKeys, readSecuritySchemes } from './credential-placement.js';
import { declaredScopes } from './declared-scopes.js';
import { inferAsyncBehaviour } from './infer-async-behaviour.js';
import { type OpenApiLimits, resolveOpenApiLimits } from './openapi-limits.js';
import { categoryOf, versionOf } from './operation-category.js';
import { authorityEffect, classifyEffect } from './operation-effect.js';
import { assignOperationIds } from './operation-ids.js';
import { locateOperation } from './operation-server.js';
import { isPlainObject } from './plain-object.js';
import { type DocumentContext, readOperation } from './read-operation.js';
import { resolveReferences } from './resolve-references.js';
import { upgradeOpenApi30 } from './upgrade-openapi-3-0.js';
import { createWarningCollector } from './warning-collector.js';

export interface ReadOpenApiSurfaceOptions {
  /** The parsed JSON of the document. Never changed: the reader works on a copy. */
  readonly document: unknown;
  /** Where the document was read from: relative server URLs and the fallback origin come from it. */
  readonly documentUrl: string;
  /** Id of the API surface; every operation carries it. */
  readonly surfaceId: string;
  /** Origin of the discovered service; operations served elsewhere are marked `crossOrigin`. */
  readonly serviceOrigin: string;
  /** Size caps; see {@link OpenApiLimits} for the defaults. */
  readonly limits?: Partial<OpenApiLimits>;
}

/** What one OpenAPI document describes. */
export interface OpenApiSurfaceReading {
  /** Every operation, in document order. */
  readonly operations: Operation[];
  /** `info.title` (the surface id when the document has none). */
  readonly title: string;
  /** The document's `openapi` field as published (`3.0.3`, `3.1.0`). */
  readonly openapiVersion: string;
  /** `info.version`. */
  readonly documentVersion?: string;
  /** What was repaired, skipped or guessed, in the order it was met. */
  readonly warnings: DiscoveryWarning[];
}

/**
 * Reads an OpenAPI 3.0 or 3.1 document into operations: `$ref`s resolved (never fetched),
 * parameters and body merged into one input schema per operation with the credential removed,
 * ids derived where missing, asynchronous operations linked to their fetch operation, effects and
 * credentials classified. The same document always gives the same result.
 *
 * Contradictions and oddities are repaired with a warning; only an unusable document throws.
 *
 * @throws {DiscoveryDocumentError} when the document is not an object, has no `openapi` 3.x version
 * or no `paths`, or is over the limits.
 */
export async function readOpenApiSurface(options: ReadOpenApiSurfaceOptions): Promise<OpenApiSurfaceReading> {
  const { documentUrl } = options;
  const limits = resolveOpenApiLimits(options.limits);
  if (!URL.canParse(documentUrl)) {
    throw new DiscoveryDocumentError({
      document: documentUrl,
      message: 'The document URL is not an absolute URL; pass the address the document was read from.',
    });
  }
  const warnings = createWarningCollector(documentUrl);
  assertDocumentSize(options.document, documentUrl, limits);
  const facts = checkOpenApiRoot(options.document, documentUrl, options.surfaceId, warnings);

  const origins = new WeakMap<object, string>();
  const document = await resolveReferences(
    upgradedCopy(options.document as Record<string, unknown>, documentUrl),
    {
      documentUrl,
      timeoutMs: limits.dereferenceTimeoutMs,
      warnings,
      origins,
    },
  );
  const paths = isPlainObject(document.paths) ? document.paths : {};
  const sources = collectOperations(paths, { documentUrl, maxOperations: limits.maxOperations, warnings });
  if (sources.length === 0) {
    warnings.warn({ code: 'no-operations', at: '#/paths', message: 'The document describes no operation.' });
  }

  const schemes = readSecuritySchemes(document);
  const context: DocumentContext = {
    document,
    origins,
    schemes,
    credentialParameters: credentialParameterKeys(schemes),
    scoped: sources.some(({ operation }) => typeof operation['x-required-scope'] === 'string'),
    limits,
    warnings,
  };

  const locations = sources.map((source) =>
    locateOperation({
      servers: {
        operation: source.operation.servers,
        pathItem: source.pathItem.servers,
        document: document.servers,
      },
      operationAt: source.at,
      pathItemAt: source.at.slice(0, source.at.lastIndexOf('/')),
      documentUrl,
      documentPath: source.documentPath,
      warnings,
    }),
  );
  const unserved = locations.filter((location) => location.fromDocumentOrigin).length;
  if (unserved > 0) {
    warnings.warn({
      code: 'no-servers',
      at: '#/servers',
      message: `${unserved} operation(s) name no server; they are taken to be served from the document's own origin, ${new URL(documentUrl).origin}.`,
    });
  }
  const ids = assignOperationIds(
    sources.map((source, index) => ({
      declared: source.operation.operationId,
      method: source.method,
      fullPath: (locations[index] as (typeof locations)[number]).path,
      at: source.at,
    })),
    warnings,
  );
  const readings = sources.map((source) => readOperation(source, context));
  const scopes = sources.map((source) => declaredScopes(source.operation, document));
  const evidence = sources.map((source, index) => ({
    method: source.method,
    path: (locations[index] as (typeof locations)[number]).path,
    id: ids[index] as string,
    scopes: scopes[index] as string[],
    annotations: source.operation,
  }));
  const asyncReadings = inferAsyncBehaviour(
    sources.map((source, index) => {
      const declared = source.operation.operationId;
      return {
        // What the scope, annotations or path words say it changes: never a fetch, whatever links say.
        changes: authorityEffect(evidence[index] as (typeof evidence)[number]) !== undefined,
        id: ids[index] as string,
        declaredId: typeof declared === 'string' ? declared.trim() : undefined,
        method: source.method,
        path: (locations[index] as (typeof locations)[number]).path,
        at: source.at,
        operation: source.operation,
        answersProcessing: (readings[index] as (typeof readings)[number]).answersProcessing,
        input: (readings[index] as (typeof readings)[number]).input,
      };
    }),
    warnings,
  );

  const serviceOrigin = URL.canParse(options.serviceOrigin)
    ? new URL(options.serviceOrigin).origin
    : options.serviceOrigin;
  const operations = sources.map((source, index): Operation => {
    const id = ids[index] as string;
    const location = locations[index] as (typeof locations)[number];
    const reading = readings[index] as (typeof readings)[number];
    const asyncReading = asyncReadings[index] as (typeof asyncReadings)[number];
    if (asyncReading.takesId) acceptEitherIdType(reading.input, asyncReading.takesId);
    const version = versionOf(location.path);
    const category = categoryOf(location.path, reading.tags);
    const callbackFields = markedCallbackFields(source.operation);
    return {
      id,
      surface: options.surfaceId,
      method: source.method,
      path: location.path,
      url: location.url,
      origin: location.origin,
      crossOrigin: location.origin !== serviceOrigin,
      ...(version === undefined ? {} : { version }),
      ...(category === undefined ? {} : { category }),
      summary: reading.summary,
      description: reading.description,
      tags: reading.tags,
      input: reading.input,
      ...(reading.outputSchema ? { outputSchema: reading.outputSchema } : {}),
      ...(asyncReading.async ? { async: asyncReading.async } : {}),
      isFetch: asyncReading.isFetch,
      effect: classifyEffect({
        ...(evidence[index] as (typeof evidence)[number]),
        isFetch: asyncReading.isFetch,
      }),
      requiredScope: reading.requiredScope,
      ...((scopes[index] as string[]).length > 0 ? { scopes: scopes[index] as string[] } : {}),
      ...(callbackFields.length > 0 ? { callbackFields } : {}),
      credential: reading.credential,
      idempotencyKey: reading.idempotencyKey,
      deprecated: reading.deprecated,
    };
  });

  return {
    operations,
    title: facts.title,
    openapiVersion: facts.openapiVersion,
    ...(facts.documentVersion === undefined ? {} : { documentVersion: facts.documentVersion }),
    warnings: warnings.list(),
  };
}

/**
 * A private copy of the document (the caller's object is never changed), in OpenAPI 3.1 terms:
 * 3.0's `nullable` and boolean exclusive bounds are rewritten (`upgradeOpenApi30`).
 */
function upgradedCopy(document: Record<string, unknown>, documentUrl: string): Record<string, unknown> {
  let copy: Record<string, unknown>;
  try {
    copy = structuredClone(document);
  } catch (error) {
    throw new DiscoveryDocumentError({
      document: documentUrl,
      message: 'The OpenAPI document could not be copied; pass the parsed JSON text, not live objects.',
      cause: error,
    });
  }
  if (typeof copy.openapi === 'string' && copy.openapi.trim().startsWith('3.0')) upgradeOpenApi30(copy);
  return copy;
}
