/**
 * Checks of the values of JSON Schema keywords that take no subschema: each returns the value in
 * the form JSON Schema 2020-12 (and Ajv, which checks schemas against the meta-schema) accepts,
 * or a reason to drop it.
 * @module
 */

/** A repaired keyword value, or why the keyword is dropped. */
export type KeywordValue =
  | { readonly value: unknown; readonly repaired?: string }
  | { readonly drop: string };

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

// Spellings seen in hand-written documents, read as the JSON Schema type they mean.
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  int: 'integer',
  int32: 'integer',
  int64: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  decimal: 'number',
  bool: 'boolean',
  str: 'string',
  text: 'string',
  list: 'array',
  dict: 'object',
  map: 'object',
};

function typeName(candidate: unknown): string | undefined {
  if (typeof candidate !== 'string') return undefined;
  const lowered = candidate.trim().toLowerCase();
  return SIMPLE_TYPES.has(lowered) ? lowered : TYPE_ALIASES[lowered];
}

/** `type`: one of the seven type names or a non-empty list of distinct ones. */
export function checkType(value: unknown): KeywordValue {
  const listed = Array.isArray(value) ? value : [value];
  const names = [...new Set(listed.map(typeName).filter((name) => name !== undefined))];
  if (names.length === 0) return { drop: `type ${JSON.stringify(value)} names no JSON Schema type` };
  const repaired =
    names.length !== listed.length || listed.some((name, index) => name !== names[index])
      ? `type ${JSON.stringify(value)} read as ${JSON.stringify(names.length === 1 ? names[0] : names)}`
      : undefined;
  const result = names.length === 1 && !Array.isArray(value) ? names[0] : names;
  return repaired ? { value: result, repaired } : { value: result };
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** `minimum`, `maximum`, numeric `exclusiveMinimum` / `exclusiveMaximum`: a number. */
export function checkNumber(keyword: string, value: unknown): KeywordValue {
  const number = asNumber(value);
  if (number === undefined) return { drop: `${keyword} ${JSON.stringify(value)} is not a number` };
  return typeof value === 'number'
    ? { value }
    : { value: number, repaired: `${keyword} "${value}" read as ${number}` };
}

/** `multipleOf`: a number above zero. */
export function checkMultipleOf(value: unknown): KeywordValue {
  const number = asNumber(value);
  if (number === undefined || number <= 0)
    return { drop: `multipleOf ${JSON.stringify(value)} is not a number above 0` };
  return { value: number };
}

/** `minLength`, `maxItems` and the other counts: a whole number, zero or more. */
export function checkCount(keyword: string, value: unknown): KeywordValue {
  const number = asNumber(value);
  if (number === undefined || number < 0 || !Number.isInteger(number)) {
    return { drop: `${keyword} ${JSON.stringify(value)} is not a whole number of zero or more` };
  }
  return { value: number };
}

/** Whether `pattern` compiles as the `u`-flag regular expression JSON Schema validators use. */
export function isUsablePattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** `pattern`: a regular expression that compiles. */
export function checkPattern(value: unknown): KeywordValue {
  if (typeof value !== 'string') return { drop: `pattern ${JSON.stringify(value)} is not a string` };
  return isUsablePattern(value)
    ? { value }
    : { drop: `pattern ${JSON.stringify(value)} is not a valid regular expression` };
}

/** `required`: a list of distinct names. */
export function checkRequired(value: unknown): KeywordValue {
  if (typeof value === 'string') return { value: [value], repaired: `required "${value}" read as a list` };
  if (!Array.isArray(value)) return { drop: `required ${JSON.stringify(value)} is not a list of names` };
  const names = [...new Set(value.filter((name): name is string => typeof name === 'string'))];
  return names.length === value.length
    ? { value: names }
    : { value: names, repaired: 'required held duplicates or non-names' };
}

/** `dependentRequired`: an object of name lists. */
export function checkDependentRequired(value: unknown): KeywordValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { drop: 'dependentRequired is not an object of name lists' };
  }
  const result: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(value)) {
    if (Array.isArray(list))
      result[name] = [...new Set(list.filter((item): item is string => typeof item === 'string'))];
  }
  return { value: result };
}

/** Keywords whose value must be a string. */
export const STRING_KEYWORDS = new Set([
  'title',
  'description',
  'format',
  'contentEncoding',
  'contentMediaType',
  '$comment',
]);

/** Keywords whose value must be a boolean. */
export const BOOLEAN_KEYWORDS = new Set(['uniqueItems', 'readOnly', 'writeOnly', 'deprecated']);

/** Keywords whose value must be a number. */
export const NUMBER_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/** Keywords whose value must be a whole number of zero or more. */
export const COUNT_KEYWORDS = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
]);

// Keywords whose value is one subschema.
export const SUBSCHEMA_KEYWORDS = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
]);
// Keywords whose value maps names to subschemas.
export const SUBSCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas']);
// Keywords whose value is a non-empty list of subschemas.
export const SUBSCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
// Keywords dropped without a word: identifiers and vocabularies that would make Ajv look for other
// documents (every `$ref` is resolved by now), and OpenAPI-only decoration.
export const SILENTLY_DROPPED = new Set([
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  '$vocabulary',
  '$defs',
  'definitions',
  'xml',
  'externalDocs',
]);
