/**
 * Whether an operation can answer "still working, fetch the result later".
 * @module
 */

import type { SuccessSchema } from './operation-output.js';
import { isPlainObject } from './plain-object.js';

// Fields only a queued answer has (service-facts.md: `eta`, `fetch_result`, `future_links`).
const QUEUE_FIELDS = ['fetch_result', 'future_links', 'eta'];
const COMBINATORS = ['oneOf', 'anyOf', 'allOf'];
// Dereferenced schemas can be cycles; the answers worth reading are shallow.
const MAX_DEPTH = 8;

/**
 * True when one of the 2xx schemas (looking through oneOf / anyOf / allOf) has a `status` that can
 * be `processing`, or, where the status does not list its values, one of the fields only a queued
 * answer has (`fetch_result`, `future_links`, `eta`).
 */
export function answersProcessing(schemas: readonly SuccessSchema[]): boolean {
  return schemas.some(({ schema }) => describesQueuedAnswer(schema, 0));
}

function describesQueuedAnswer(schema: unknown, depth: number): boolean {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return false;
  if (isPlainObject(schema.properties)) {
    const properties = schema.properties;
    if (Object.hasOwn(properties, 'status') && namesValues(properties.status, depth)) {
      // A status that lists its values decides: `eta` beside `status: success` is not a queue.
      if (allowsProcessing(properties.status, depth)) return true;
    } else if (QUEUE_FIELDS.some((field) => Object.hasOwn(properties, field))) {
      return true;
    }
  }
  return someBranch(schema, (branch) => describesQueuedAnswer(branch, depth + 1));
}

/** The status schema lists its values (enum or const), here or in its branches. */
function namesValues(schema: unknown, depth: number): boolean {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return false;
  if (Array.isArray(schema.enum) || 'const' in schema) return true;
  return someBranch(schema, (branch) => namesValues(branch, depth + 1));
}

function allowsProcessing(schema: unknown, depth: number): boolean {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return false;
  if (Array.isArray(schema.enum) && schema.enum.includes('processing')) return true;
  if (schema.const === 'processing') return true;
  return someBranch(schema, (branch) => allowsProcessing(branch, depth + 1));
}

function someBranch(schema: Record<string, unknown>, test: (branch: unknown) => boolean): boolean {
  return COMBINATORS.some((keyword) => {
    const branches = schema[keyword];
    return Array.isArray(branches) && branches.some(test);
  });
}
