/**
 * The `default` profile's cleaning: the canonical schema without what no model reads.
 * @module
 */

import type { JsonSchema } from '../discovery/types.js';
import { mapSubschemas } from './map-subschemas.js';
import { isRecord } from './schema-node.js';

export interface CleanSchemaOptions {
  /**
   * Examples kept per schema node; the rest are dropped.
   * @default 3
   */
  readonly maxExamples?: number;
  /**
   * Longest example kept, in characters of JSON; longer ones cost tokens and teach little.
   * @default 200
   */
  readonly maxExampleLength?: number;
}

// Identification and tooling keywords: meaningful to validators and editors, noise to a model.
const DROPPED_KEYWORDS = new Set(['$schema', '$id', '$comment', '$anchor', '$dynamicAnchor', '$vocabulary']);

/**
 * A copy of `schema` without `$schema`, `$id`, `$comment`, `x-` extensions, a `title` that repeats
 * what the `description` says, and examples over the size limits. Everything that constrains a
 * value is kept, so the result validates exactly what the canonical schema validates.
 */
export function cleanSchema(schema: JsonSchema, options: CleanSchemaOptions = {}): JsonSchema {
  const maxExamples = options.maxExamples ?? 3;
  const maxExampleLength = options.maxExampleLength ?? 200;
  const clean = (node: unknown): unknown => {
    if (!isRecord(node)) return node;
    const copy = mapSubschemas(node, clean);
    for (const keyword of Object.keys(copy)) {
      if (DROPPED_KEYWORDS.has(keyword) || keyword.startsWith('x-')) delete copy[keyword];
    }
    if (typeof copy.title === 'string' && typeof copy.description === 'string') delete copy.title;
    if (Array.isArray(copy.examples)) {
      const kept = copy.examples
        .filter((example) => (JSON.stringify(example) ?? '').length <= maxExampleLength)
        .slice(0, maxExamples);
      if (kept.length > 0) copy.examples = kept;
      else delete copy.examples;
    }
    if ('example' in copy && (JSON.stringify(copy.example) ?? '').length > maxExampleLength)
      delete copy.example;
    return copy;
  };
  return clean(schema) as JsonSchema;
}
