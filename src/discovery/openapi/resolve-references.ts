/**
 * Resolving the `$ref`s of an untrusted document without ever fetching what it points to.
 * @module
 */

import { $RefParser, JSONParserErrorGroup } from '@apidevtools/json-schema-ref-parser';
import { DiscoveryDocumentError } from '../errors.js';
import { toJsonPointer } from './json-pointer.js';
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

/**
 * Replaces the `$ref`s of `document` (a private copy: it is changed in place) by what they point
 * to, with `@apidevtools/json-schema-ref-parser`, external resolution disabled.
 *
 * - A `$ref` to another file or URL is never fetched: it becomes `{}` with an `external-ref` warning.
 * - A `$ref` to a place the document lacks becomes `{}` with a `broken-ref` warning.
 * - A circular `$ref` becomes a circular object graph; the schema finaliser turns each cycle into a
 *   `$defs` entry of the operation's schema. (The parser's `ignore` mode would keep them as `$ref`s
 *   but crawls shared schemas again at every use: exponential on a "billion laughs" document.)
 */
export async function resolveReferences(
  document: Record<string, unknown>,
  options: ResolveReferencesOptions,
): Promise<Record<string, unknown>> {
  replaceUnreadableRefs(document, options.warnings);
  const parser = new $RefParser();
  try {
    await parser.dereference(document, {
      resolve: { external: false, file: false, http: false },
      dereference: {
        circular: true,
        onDereference: (ref: string, value: unknown) => {
          if (
            typeof ref === 'string' &&
            ref.startsWith('#/') &&
            isPlainObject(value) &&
            !options.origins.has(value)
          ) {
            options.origins.set(value, ref);
          }
        },
      },
      continueOnError: true,
      mutateInputSchema: true,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    if (!(error instanceof JSONParserErrorGroup)) throw refusal(options.documentUrl, error);
    for (const problem of error.errors) {
      if (problem.code === 'ETIMEOUT') throw refusal(options.documentUrl, problem);
      const path = problem.path ?? [];
      replaceAt(document, path);
      options.warnings.warn({
        code: 'broken-ref',
        at: toJsonPointer(path),
        message: `${describeTarget(problem)}; it is read as an empty schema ({}), which accepts any value.`,
      });
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

function describeTarget(problem: { message: string; targetRef?: unknown }): string {
  return typeof problem.targetRef === 'string'
    ? `$ref "${problem.targetRef}" points to nothing in the document`
    : `a $ref could not be resolved (${problem.message})`;
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

/** Puts `{}` where the parser left the unresolvable reference at `path`. */
function replaceAt(document: Record<string, unknown>, path: readonly (string | number)[]): void {
  if (path.length === 0) return;
  let parent: unknown = document;
  for (const segment of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return;
    parent = (parent as Record<string, unknown>)[segment];
  }
  if (typeof parent === 'object' && parent !== null) {
    (parent as Record<string | number, unknown>)[path[path.length - 1] as string | number] = {};
  }
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
