/**
 * Where an operation is served: its server (operation over path item over document), the origin,
 * and the full path with the server's prefix.
 * @module
 */

import { appendPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

/** Where one operation is called. */
export interface OperationLocation {
  readonly origin: string;
  /** Server prefix plus document path: `/api/v6/video/fetch/{id}`. */
  readonly path: string;
  readonly url: string;
  /** True when no server applied and the document's own origin was used. */
  readonly fromDocumentOrigin: boolean;
}

export interface ServerCandidates {
  readonly operation: unknown;
  readonly pathItem: unknown;
  readonly document: unknown;
}

/**
 * Resolves the server of an operation. The first usable server of the nearest non-empty `servers`
 * list wins: relative URLs are resolved against the document's URL, variables take their defaults.
 * Without one, the document's own origin serves the document path.
 */
export function locateOperation(input: {
  readonly servers: ServerCandidates;
  /** JSON Pointers of the operation and its path item, for warnings. */
  readonly operationAt: string;
  readonly pathItemAt: string;
  readonly documentUrl: string;
  readonly documentPath: string;
  readonly warnings: WarningCollector;
}): OperationLocation {
  const { servers, documentUrl, documentPath, warnings } = input;
  const levels: [unknown, string][] = [
    [servers.operation, appendPointer(input.operationAt, 'servers')],
    [servers.pathItem, appendPointer(input.pathItemAt, 'servers')],
    [servers.document, '#/servers'],
  ];
  for (const [list, at] of levels) {
    if (!Array.isArray(list) || list.length === 0) continue;
    for (const [index, server] of list.entries()) {
      const base = serverBase(server, documentUrl, appendPointer(at, index), warnings);
      if (base) {
        const prefix = base.pathname.replace(/\/+$/, '');
        const path = `${prefix}${documentPath}`;
        return { origin: base.origin, path, url: `${base.origin}${path}`, fromDocumentOrigin: false };
      }
    }
  }
  const origin = new URL(documentUrl).origin;
  return { origin, path: documentPath, url: `${origin}${documentPath}`, fromDocumentOrigin: true };
}

function serverBase(
  server: unknown,
  documentUrl: string,
  at: string,
  warnings: WarningCollector,
): URL | undefined {
  if (!isPlainObject(server) || typeof server.url !== 'string') {
    warnings.warn({ code: 'invalid-server', at, message: 'The server has no url; it is skipped.' });
    return undefined;
  }
  const variables = isPlainObject(server.variables) ? server.variables : {};
  const filled = server.url.replace(/\{([^}]*)\}/g, (_, name: string) => {
    const variable = variables[name];
    if (isPlainObject(variable) && typeof variable.default === 'string') return variable.default;
    const first =
      isPlainObject(variable) && Array.isArray(variable.enum)
        ? variable.enum.find((v) => typeof v === 'string')
        : undefined;
    warnings.warn({
      code: 'server-variable',
      at,
      message: `Server variable {${name}} has no default; ${first === undefined ? 'it is left empty' : `its first value "${first}" is used`}.`,
    });
    return first ?? '';
  });
  let url: URL;
  try {
    url = new URL(filled, documentUrl);
  } catch {
    warnings.warn({
      code: 'invalid-server',
      at,
      message: `The server URL "${server.url}" cannot be read; it is skipped.`,
    });
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    warnings.warn({
      code: 'invalid-server',
      at,
      message: `The server URL "${server.url}" is not http(s); it is skipped.`,
    });
    return undefined;
  }
  return url;
}
