/**
 * Repairs of a finalised schema object that look at several keywords at once: the contradictions
 * and OpenAPI leftovers that JSON Schema 2020-12 would read differently from what the document
 * meant.
 * @module
 */

import { closestName } from './closest-name.js';
import { appendPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

const typesOf = (schema: Record<string, unknown>) =>
  Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];

/** OpenAPI 3.0's `exclusiveMinimum: true` beside `minimum` is 2020-12's `exclusiveMinimum: <minimum>`. */
export function translateExclusiveBounds(
  schema: Record<string, unknown>,
  exclusive: Readonly<Record<string, boolean>>,
): void {
  for (const [keyword, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (exclusive[keyword] === true && typeof schema[bound] === 'number') {
      schema[keyword] = schema[bound];
      delete schema[bound];
    }
  }
}

/** `nullable: true` (OpenAPI 3.0) left in a 3.1 document: `null` joins the type. */
export function allowNullBecauseNullable(
  schema: Record<string, unknown>,
  at: string,
  warnings: WarningCollector,
): void {
  if (schema.type === undefined) return;
  const types = typesOf(schema);
  if (types.includes('null')) return;
  schema.type = [...types, 'null'];
  warnings.warn({
    code: 'schema-repaired',
    at: appendPointer(at, 'nullable'),
    message: `nullable is not a keyword of OpenAPI 3.1 (nor of JSON Schema); read as type ${JSON.stringify(schema.type)}.`,
  });
}

/** An enum (or const) that lists null under a type that forbids it: the type is widened. */
export function allowNullListedInEnum(
  schema: Record<string, unknown>,
  at: string,
  warnings: WarningCollector,
): void {
  const listsNull =
    (Array.isArray(schema.enum) && schema.enum.includes(null)) ||
    ('const' in schema && schema.const === null);
  if (!listsNull || schema.type === undefined) return;
  const types = typesOf(schema);
  if (types.includes('null')) return;
  schema.type = [...types, 'null'];
  warnings.warn({
    code: 'schema-repaired',
    at: appendPointer(at, 'enum'),
    message: `enum lists null but type ${JSON.stringify(types.length === 1 ? types[0] : types)} does not allow it; type widened to ${JSON.stringify(schema.type)}.`,
  });
}

/**
 * A `required` name that no property declares is dropped (no caller could know what to send),
 * with a warning that names the closest property if there is one. Names declared by the enclosing
 * object (`inherited`, for a branch of its oneOf), by this object's branches, or matched by one of
 * its patternProperties count as declared.
 */
export function repairRequired(
  schema: Record<string, unknown>,
  at: string,
  inherited: readonly string[],
  warnings: WarningCollector,
): void {
  if (!Array.isArray(schema.required) || !isPlainObject(schema.properties)) return;
  const properties = Object.keys(schema.properties);
  const declared = new Set([...properties, ...inherited, ...namesInCombinators(schema)]);
  const patterns = isPlainObject(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
  const kept: string[] = [];
  for (const name of schema.required as string[]) {
    if (declared.has(name) || patterns.some((pattern) => new RegExp(pattern, 'u').test(name))) {
      kept.push(name);
      continue;
    }
    // One property that holds the missing name as a whole word (`image` in `init_image`) is what
    // the document means: requiring it keeps the service's rule; anything looser stays a hint.
    const holding = properties.filter((property) =>
      property
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .includes(name.toLowerCase()),
    );
    // Among several, a required field names a value, not a flag: `init_image`, not `multi_image`.
    const definitions = schema.properties as Record<string, { type?: unknown } | undefined>;
    const intended =
      holding.length > 1 ? holding.filter((property) => definitions[property]?.type !== 'boolean') : holding;
    if (intended.length === 1) {
      const meant = intended[0] as string;
      if (!kept.includes(meant) && !(schema.required as string[]).includes(meant)) kept.push(meant);
      warnings.warn({
        code: 'required-not-in-properties',
        at: appendPointer(at, 'required'),
        message: `"${name}" is required but is not among the properties; "${meant}" is required instead, which the document evidently means.`,
      });
      continue;
    }
    const suggestion = closestName(name, properties);
    warnings.warn({
      code: 'required-not-in-properties',
      at: appendPointer(at, 'required'),
      message: `"${name}" is required but is not among the properties, so no caller could know what to send; it is no longer required.${suggestion ? ` The document may mean "${suggestion}".` : ''}`,
    });
  }
  schema.required = kept;
}

/** The property names that the allOf / anyOf / oneOf branches of `schema` declare. */
function namesInCombinators(schema: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const combinator of COMBINATORS) {
    const branches = schema[combinator];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (isPlainObject(branch) && isPlainObject(branch.properties))
        names.push(...Object.keys(branch.properties));
    }
  }
  return names;
}
