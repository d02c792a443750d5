/**
 * Readable names of operations, as model ids use them.
 * @module
 */
import type { Operation } from '../discovery/index.js';

/** `text-to-image`: the last segment of the operation's path. */
export function lastSegment(operation: Operation): string {
  return operation.path.split('/').filter(Boolean).pop() ?? '';
}

/** `v7/images/text-to-image`: the path after `/api/`. */
export function pathName(operation: Operation): string {
  return operation.path.replace(/^\/api\//, '').replace(/^\//, '');
}

/** `v7/text-to-image`: the version and the last path segment. */
export function shortName(operation: Operation): string {
  const last = lastSegment(operation) || operation.id;
  return operation.version ? `${operation.version}/${last}` : last;
}
