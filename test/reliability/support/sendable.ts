/**
 * An independent opinion on whether arguments must be accepted: plain JSON within the toolkit's
 * documented limits, only the operation's own top-level names, nothing that reaches a prototype,
 * every path parameter addressable, and valid against the input schema by a validator of our own.
 * Arguments that pass must be sent; a refusal of them is a false refusal.
 * @module
 */

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { MODELS } from 'generation-agent-toolkit-emulator';
import type { Operation } from '../../../src/discovery/types.js';

const ajv = new Ajv2020({ strict: false, logger: false, allErrors: false });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);
const compiled = new Map<string, ValidateFunction>();

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function plainJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => plainJson(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.entries(value).every(
    ([name, item]) => !PROTOTYPE_NAMES.has(name) && item !== undefined && plainJson(item, depth + 1),
  );
}

/** Whether `args` must be sent when `operation` is called with them. */
/**
 * Whether `args` name a model the emulator's feed does not list, for an operation of a family the
 * feed prices, where the operation's document does not name the value itself: the session refuses
 * those before sending, as the service would (`model_not_found`).
 */
export function namesUnlistedModel(operation: Operation, args: Record<string, unknown>): boolean {
  if (operation.effect === 'money' || !MODELS.some((model) => model.category === operation.category))
    return false;
  const properties = (operation.input.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const field = 'model_id' in args || !('model' in args) ? 'model_id' : 'model';
  const value = args[field] ?? properties[field]?.default;
  if (typeof value !== 'string' || value === '') return false;
  const property = properties[field] ?? {};
  const named = [
    property.default,
    property.example,
    property.const,
    ...((property.enum as unknown[] | undefined) ?? []),
    ...((property.examples as unknown[] | undefined) ?? []),
  ];
  return !named.includes(value) && !MODELS.some((model) => model.modelId === value);
}

export function mustBeSent(operation: Operation, args: unknown): boolean {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false;
  try {
    if (!plainJson(args, 0)) return false;
  } catch {
    return false;
  }
  const schema = operation.input.schema;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(args)) {
    if (!Object.hasOwn(properties, name)) return false;
    // A path segment cannot be a dot segment, nor text that has no URL encoding.
    const segment = operation.input.locations[name] === 'path' && typeof value === 'string';
    if (segment && (value === '.' || value === '..' || LONE_SURROGATE.test(value))) return false;
  }
  if (namesUnlistedModel(operation, args as Record<string, unknown>)) return false;
  let validate = compiled.get(operation.id);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(operation.id, validate);
  }
  return validate(args);
}
