/**
 * The operations of a dereferenced document, in document order.
 * @module
 */

import { DiscoveryDocumentError } from '../errors.js';
import type { HttpMethod } from '../types.js';
import { toJsonPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

/** One operation as the document gives it, before it is read. */
export interface OperationSource {
  readonly method: HttpMethod;
  /** The key of `paths`: `/video/fetch/{id}`, without the server's prefix. */
  readonly documentPath: string;
  /** JSON Pointer of the operation object: `#/paths/~1video~1fetch~1{id}/post`. */
  readonly at: string;
  readonly pathItem: Record<string, unknown>;
  readonly operation: Record<string, unknown>;
}

const METHODS: Readonly<Record<string, HttpMethod>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};
// Methods OpenAPI allows that an agent has no use for and the toolkit does not call.
const SKIPPED_METHODS = new Set(['head', 'options', 'trace', 'query']);

/**
 * Every operation of `paths`, in the order the document lists them. Throws a
 * {@link DiscoveryDocumentError} past `maxOperations`.
 */
export function collectOperations(
  paths: Record<string, unknown>,
  context: { documentUrl: string; maxOperations: number; warnings: WarningCollector },
): OperationSource[] {
  const { warnings } = context;
  const sources: OperationSource[] = [];
  for (const [rawPath, pathItem] of Object.entries(paths)) {
    const pathAt = toJsonPointer(['paths', rawPath]);
    if (!isPlainObject(pathItem)) {
      warnings.warn({
        code: 'invalid-path-item',
        at: pathAt,
        message: 'The path item is not an object; it is skipped.',
      });
      continue;
    }
    let documentPath = rawPath;
    if (!documentPath.startsWith('/')) {
      documentPath = `/${documentPath}`;
      warnings.warn({
        code: 'invalid-path',
        at: pathAt,
        message: `The path does not start with "/"; read as "${documentPath}".`,
      });
    }
    for (const [key, operation] of Object.entries(pathItem)) {
      const lowered = key.toLowerCase();
      const method = METHODS[lowered];
      const at = toJsonPointer(['paths', rawPath, key]);
      if (method === undefined) {
        if (SKIPPED_METHODS.has(lowered)) {
          warnings.warn({
            code: 'unsupported-method',
            at,
            message: `${key.toUpperCase()} operations are not offered to agents; skipped.`,
          });
        }
        continue;
      }
      if (!isPlainObject(operation)) {
        warnings.warn({
          code: 'invalid-operation',
          at,
          message: 'The operation is not an object; it is skipped.',
        });
        continue;
      }
      if (sources.length >= context.maxOperations) {
        throw new DiscoveryDocumentError({
          document: context.documentUrl,
          at,
          message: `The OpenAPI document describes more than ${context.maxOperations} operations; it is refused. Raise limits.maxOperations if you trust it.`,
        });
      }
      sources.push({ method, documentPath, at, pathItem, operation });
    }
  }
  return sources;
}
