/**
 * The first look at an untrusted document: is it plain JSON data within the size limits? Done
 * without recursion, so that a hostile nesting cannot overflow the stack before it is refused.
 * @module
 */

import { DiscoveryDocumentError } from '../errors.js';
import { toJsonPointer } from './json-pointer.js';
import type { OpenApiLimits } from './openapi-limits.js';

interface PendingValue {
  readonly value: unknown;
  readonly depth: number;
  readonly key: string | number;
  // The parent link rebuilds a path only when one is needed for an error.
  readonly parent: PendingValue | undefined;
}

function pathOf(entry: PendingValue): (string | number)[] {
  const path: (string | number)[] = [];
  for (let current: PendingValue | undefined = entry; current?.parent; current = current.parent)
    path.push(current.key);
  return path.reverse();
}

/**
 * Throws a {@link DiscoveryDocumentError} when `document` holds more values or deeper nesting than
 * the limits allow, or something that JSON cannot hold (a function, a cycle is caught by the count).
 */
export function assertDocumentSize(
  document: unknown,
  documentUrl: string,
  limits: Pick<OpenApiLimits, 'maxDocumentNodes' | 'maxDocumentDepth'>,
): void {
  const pending: PendingValue[] = [{ value: document, depth: 0, key: '', parent: undefined }];
  let nodes = 0;
  while (pending.length > 0) {
    const entry = pending.pop() as PendingValue;
    const { value } = entry;
    nodes += 1;
    if (nodes > limits.maxDocumentNodes) {
      throw new DiscoveryDocumentError({
        document: documentUrl,
        message: `The OpenAPI document holds more than ${limits.maxDocumentNodes} JSON values; it is refused rather than read in part. Raise limits.maxDocumentNodes if you trust it.`,
      });
    }
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      throw new DiscoveryDocumentError({
        document: documentUrl,
        at: toJsonPointer(pathOf(entry)),
        message: `The OpenAPI document holds a ${typeof value}, which JSON cannot; pass the parsed JSON text.`,
      });
    }
    if (typeof value !== 'object' || value === null) continue;
    if (entry.depth >= limits.maxDocumentDepth) {
      throw new DiscoveryDocumentError({
        document: documentUrl,
        at: toJsonPointer(pathOf(entry)),
        message: `The OpenAPI document nests deeper than ${limits.maxDocumentDepth} levels; it is refused. Raise limits.maxDocumentDepth if you trust it.`,
      });
    }
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    for (const [key, item] of entries)
      pending.push({ value: item, depth: entry.depth + 1, key, parent: entry });
  }
}
