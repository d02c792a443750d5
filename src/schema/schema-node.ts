/**
 * Small readers of JSON Schema nodes shared by the profiles, the checkers and the validator.
 * @module
 */

import type { JsonSchema } from '../discovery/types.js';
import { cutAtWord } from './cut-at-word.js';
import { printable } from './printable-text.js';

/** The JSON types a schema's `type` may name. */
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

export const JSON_TYPES: readonly JsonType[] = [
  'null',
  'boolean',
  'integer',
  'number',
  'string',
  'array',
  'object',
];

/** A plain object (not an array, not null): what a schema node, or a model's argument object, is. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `node` read as a schema object; a boolean schema (`true` accepts anything) becomes `{}` or `{ not: {} }`. */
export function asSchemaNode(node: unknown): JsonSchema {
  if (isRecord(node)) return node;
  return node === false ? { not: {} } : {};
}

/** The types `node.type` names, in order, without duplicates or unknown names. */
export function typesOf(node: JsonSchema): JsonType[] {
  const raw = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  const types: JsonType[] = [];
  for (const type of raw) {
    if (JSON_TYPES.includes(type as JsonType) && !types.includes(type as JsonType))
      types.push(type as JsonType);
  }
  return types;
}

/** The JSON type of a value as JSON Schema sees it (an integral number is an `integer`). */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'array';
  if (isRecord(value)) return 'object';
  return undefined;
}

/** Whether a value of JSON type `actual` satisfies the type `wanted` (an integer is a number). */
export function typeAccepts(wanted: JsonType, actual: JsonType | undefined): boolean {
  return wanted === actual || (wanted === 'number' && actual === 'integer');
}

/** The type a typeless node implies through its enum, const or keywords, when it implies one. */
export function impliedTypes(node: JsonSchema): JsonType[] {
  const declared = typesOf(node);
  if (declared.length > 0) return declared;
  const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (values) {
    const types: JsonType[] = [];
    for (const value of values) {
      const type = jsonTypeOf(value);
      if (type && !types.includes(type)) types.push(type);
    }
    // An enum of 1 and 1.5 is a number enum, not a union of integer and number.
    if (types.includes('number') && types.includes('integer')) types.splice(types.indexOf('integer'), 1);
    return types;
  }
  if (isRecord(node.properties)) return ['object'];
  if (node.items !== undefined) return ['array'];
  return [];
}

/** `node.properties` as a record of schema nodes (empty when absent). */
export function propertiesOf(node: JsonSchema): Record<string, JsonSchema> {
  if (!isRecord(node.properties)) return {};
  const properties: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(node.properties))
    setOwn(properties, name, asSchemaNode(schema));
  return properties;
}

/** `node.required` as names (empty when absent or malformed). */
export function requiredOf(node: JsonSchema): string[] {
  return Array.isArray(node.required)
    ? node.required.filter((name): name is string => typeof name === 'string')
    : [];
}

/** The branches of `oneOf` / `anyOf` (the first present), or undefined. */
export function unionBranchesOf(node: JsonSchema): JsonSchema[] | undefined {
  const branches = Array.isArray(node.oneOf)
    ? node.oneOf
    : Array.isArray(node.anyOf)
      ? node.anyOf
      : undefined;
  return branches?.map(asSchemaNode);
}

/**
 * Sets an own data property, even for names such as `__proto__` that a plain assignment would
 * treat as the prototype.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A JSON value rendered briefly for a person or a model: strings quoted, long values cut. */
export function briefJson(value: unknown, maxLength = 40): string {
  let text: string;
  try {
    text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  text = printable(typeof value === 'string' ? `'${value}'` : text);
  if (text.length <= maxLength) return text;
  const size = typeof value === 'string' ? `${value.length} characters` : `${text.length} characters of JSON`;
  return `${cutAtWord(text, maxLength)} (${size})`;
}
