/**
 * Operation ids: the document's own, or derived from the path the way the service names its
 * operations, and unique within the document.
 * @module
 */

import type { HttpMethod } from '../types.js';
import { appendPointer } from './json-pointer.js';
import type { WarningCollector } from './warning-collector.js';

/**
 * The id the service would give an operation at `fullPath`: the path without its leading `/api/`,
 * braces removed, every run of other characters than letters and digits made `_`, lower case.
 * `/api/v6/video/fetch/{id}` -> `v6_video_fetch_id`.
 */
export function deriveOperationId(fullPath: string): string {
  const id = fullPath
    .replace(/^\/api\//, '/')
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  return id || 'root';
}

/** What ids are assigned from. */
export interface OperationIdSource {
  /** The document's `operationId`, whatever it holds. */
  readonly declared: unknown;
  readonly method: HttpMethod;
  /** Server prefix plus document path. */
  readonly fullPath: string;
  /** JSON Pointer of the operation. */
  readonly at: string;
}

/**
 * One unique id per operation, in the same order. A declared id is kept; a missing one is derived
 * from the path, with the method appended only where two operations would share it. A repeated id
 * is made unique with `_2`, `_3`, ...
 */
export function assignOperationIds(
  sources: readonly OperationIdSource[],
  warnings: WarningCollector,
): string[] {
  const declared = sources.map((source) => {
    if (typeof source.declared === 'string' && source.declared.trim()) return source.declared.trim();
    if (source.declared !== undefined) {
      warnings.warn({
        code: 'invalid-operation-id',
        at: appendPointer(source.at, 'operationId'),
        message: 'The operationId is not a non-empty string; an id is derived from the path instead.',
      });
    }
    return undefined;
  });
  const derived = sources.map((source, index) =>
    declared[index] === undefined ? deriveOperationId(source.fullPath) : undefined,
  );
  const declaredIds = new Set(declared.filter((id) => id !== undefined));
  const derivedCounts = new Map<string, number>();
  for (const id of derived) if (id !== undefined) derivedCounts.set(id, (derivedCounts.get(id) ?? 0) + 1);

  const missing = derived.filter((id) => id !== undefined).length;
  if (missing > 0) {
    const example = derived.find((id) => id !== undefined);
    warnings.warn({
      code: 'missing-operation-id',
      at: '#/paths',
      message: `${missing} of ${sources.length} operations have no operationId; ids were derived from their paths (for example "${example}").`,
    });
  }

  const used = new Set<string>();
  return sources.map((source, index) => {
    let id = declared[index];
    if (id === undefined) {
      const base = derived[index] as string;
      const shared = (derivedCounts.get(base) ?? 0) > 1 || declaredIds.has(base);
      id = shared ? `${base}_${source.method.toLowerCase()}` : base;
    }
    if (used.has(id)) {
      let unique = id;
      for (let suffix = 2; used.has(unique) || declaredIds.has(unique); suffix++) unique = `${id}_${suffix}`;
      warnings.warn({
        code: 'duplicate-operation-id',
        at: appendPointer(source.at, 'operationId'),
        message: `The id "${id}" is already used by an earlier operation; this one is called "${unique}".`,
      });
      id = unique;
    }
    used.add(id);
    return id;
  });
}
