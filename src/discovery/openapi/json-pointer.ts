/**
 * JSON Pointers (RFC 6901) as URI fragments: how warnings and errors say where in a document
 * something is, and how links name operations.
 * @module
 */

/** `['paths', '/video/fetch/{id}', 'post']` -> `#/paths/~1video~1fetch~1{id}/post`. */
export function toJsonPointer(segments: readonly (string | number)[]): string {
  return `#${segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

/** Appends segments to a pointer made by {@link toJsonPointer}. */
export function appendPointer(pointer: string, ...segments: (string | number)[]): string {
  return pointer + toJsonPointer(segments).slice(1);
}

/**
 * The segments of an internal pointer (`#/components/schemas/Pet`), or undefined when `ref` is not
 * one (an external file, an anchor, a malformed escape).
 */
export function parseInternalPointer(ref: string): string[] | undefined {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(ref.slice(2));
  } catch {
    return undefined;
  }
  return decoded.split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}
