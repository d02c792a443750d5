/**
 * Resolving the `$ref`s of an untrusted document without ever fetching what it points to, in one
 * pass over the document, with nothing of Node (no `Buffer`): it runs on edge runtimes too.
 * @module
 */

import { DiscoveryDocumentError } from '../errors.js';
import { parseInternalPointer, toJsonPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

export interface ResolveReferencesOptions {
  readonly documentUrl: string;
  readonly timeoutMs: number;
  readonly warnings: WarningCollector;
  /**
   * Filled with where each shared schema lives (`#/components/schemas/Pet`), so that a repair of it
   * is reported once, at its source, rather than once per operation that uses it.
   */
  readonly origins: WeakMap<object, string>;
}

type Container = Record<string | number, unknown>;

/** How often (in values visited) the pass looks at the clock. */
const CLOCK_EVERY = 4096;

const isReference = (value: unknown): value is { $ref: string } & Record<string, unknown> =>
  isPlainObject(value) && typeof value.$ref === 'string';

/**
 * Replaces the `$ref`s of `document` (a private copy: it is changed in place) by what they point
 * to. Every container is visited once and a target is shared, never copied, so the work is linear
 * in the document's size whatever its references expand to ("billion laughs" included).
 *
 * - A `$ref` to another file or URL is never fetched: it becomes `{}` with an `external-ref` warning.
 * - A `$ref` to a place the document lacks, or a loop of references that never reaches a value,
 *   becomes `{}` with a `broken-ref` warning.
 * - A circular `$ref` becomes a circular object graph; the schema finaliser turns each cycle into a
 *   `$defs` entry of the operation's schema.
 * - Keywords beside a `$ref` (a description) are kept, on a copy of the target.
 */
export async function resolveReferences(
  document: Record<string, unknown>,
  options: ResolveReferencesOptions,
): Promise<Record<string, unknown>> {
  replaceUnreadableRefs(document, options.warnings);
  const started = performance.now();
  let visited = 0;
  const walked = new WeakSet<object>();
  const pending: { container: Container; path: (string | number)[] }[] = [{ container: document, path: [] }];

  /** The value `$ref` names, its own references followed; undefined when it names nothing. */
  const follow = (ref: string, seen: Set<string>): unknown => {
    const segments = parseInternalPointer(ref);
    if (!segments || seen.has(ref)) return undefined;
    seen.add(ref);
    let value: unknown = document;
    for (const segment of segments) {
      if (isReference(value)) value = follow(value.$ref, seen);
      if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(segment)) value = value[Number(segment)];
      else if (isPlainObject(value) && Object.hasOwn(value, segment)) value = value[segment];
      else return undefined;
    }
    return isReference(value) ? follow(value.$ref, seen) : value;
  };

  /** What replaces the reference `holder[key]`. */
  const resolved = (reference: { $ref: string } & Record<string, unknown>, at: (string | number)[]) => {
    const target = follow(reference.$ref, new Set());
    if (target === undefined) {
      options.warnings.warn({
        code: 'broken-ref',
        at: toJsonPointer(at),
        message: `$ref "${reference.$ref.slice(0, 200)}" points to nothing in the document (or only to other references); it is read as an empty schema ({}), which accepts any value.`,
      });
      return {};
    }
    if (isPlainObject(target) && !options.origins.has(target)) options.origins.set(target, reference.$ref);
    const siblings = Object.keys(reference).filter((name) => name !== '$ref');
    if (siblings.length === 0 || !isPlainObject(target)) return target;
    // The keywords beside the reference win; the target itself is shared and stays as it is.
    const merged: Record<string, unknown> = {};
    for (const name of siblings) merged[name] = reference[name];
    for (const [name, value] of Object.entries(target))
      if (!Object.hasOwn(merged, name)) merged[name] = value;
    return merged;
  };

  while (pending.length > 0) {
    const { container, path } = pending.pop() as (typeof pending)[number];
    if (walked.has(container)) continue;
    walked.add(container);
    for (const key of Array.isArray(container) ? container.keys() : Object.keys(container)) {
      visited += 1;
      if (visited % CLOCK_EVERY === 0 && performance.now() - started > options.timeoutMs)
        throw refusal(options.documentUrl, new Error(`took longer than ${options.timeoutMs} ms`));
      let value = container[key];
      if (isReference(value)) {
        value = resolved(value, [...path, key]);
        container[key] = value;
      }
      if (typeof value === 'object' && value !== null && !walked.has(value))
        pending.push({ container: value as Container, path: [...path, key] });
    }
  }
  recordComponentOrigins(document, options.origins);
  return document;
}

/** Schemas of `components.schemas` are known by their own pointer, even where no $ref reached them. */
function recordComponentOrigins(document: Record<string, unknown>, origins: WeakMap<object, string>): void {
  const components = isPlainObject(document.components) ? document.components : {};
  const schemas = isPlainObject(components.schemas) ? components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (isPlainObject(schema) && !origins.has(schema))
      origins.set(schema, toJsonPointer(['components', 'schemas', name]));
  }
}

function refusal(documentUrl: string, cause: unknown): DiscoveryDocumentError {
  const message = cause instanceof Error ? cause.message : String(cause);
  // The parser's messages can carry a path thousands of characters long.
  const reason = message.length > 240 ? `${message.slice(0, 240)}...` : message;
  return new DiscoveryDocumentError({
    document: documentUrl,
    message: `The OpenAPI document's $refs could not be resolved (${reason}). The document may be hostile or far larger than an API description needs.`,
    cause,
  });
}

/**
 * Replaces every `$ref` that is not a JSON Pointer into this document (another file, a URL, an
 * anchor) by `{}`, keeping a sibling description, before the parser sees it.
 */
function replaceUnreadableRefs(document: Record<string, unknown>, warnings: WarningCollector): void {
  const pending: {
    holder: Record<string | number, unknown>;
    key: string | number;
    path: (string | number)[];
  }[] = [];
  const pushChildren = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++)
        pending.push({ holder: value as never, key: index, path });
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) pending.push({ holder: value, key, path });
    }
  };
  pushChildren(document, []);
  while (pending.length > 0) {
    const { holder, key, path } = pending.pop() as (typeof pending)[number];
    const value = holder[key];
    const here = [...path, key];
    if (isPlainObject(value) && typeof value.$ref === 'string' && !isInternalPointer(value.$ref)) {
      warnings.warn({
        code: 'external-ref',
        at: toJsonPointer(here),
        message: `$ref "${value.$ref}" points outside the document (or to an anchor); it was not fetched and is read as an empty schema ({}).`,
      });
      holder[key] = typeof value.description === 'string' ? { description: value.description } : {};
      continue;
    }
    pushChildren(value, here);
  }
}

function isInternalPointer(ref: string): boolean {
  return ref.startsWith('#/');
}
