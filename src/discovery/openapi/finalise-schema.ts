/**
 * Turning a dereferenced schema of an untrusted document into a fresh, bounded JSON Schema 2020-12
 * that Ajv compiles: keyword values checked, OpenAPI leftovers (`nullable`, `example`, boolean
 * exclusive bounds) translated, contradictions repaired, cycles kept as `$defs`, and hostile sizes
 * cut.
 * @module
 */

import type { JsonSchema } from '../types.js';
import { appendPointer, parseInternalPointer } from './json-pointer.js';
import { isPlainObject, setOwn } from './plain-object.js';
import {
  BOOLEAN_KEYWORDS,
  COUNT_KEYWORDS,
  checkCount,
  checkDependentRequired,
  checkMultipleOf,
  checkNumber,
  checkPattern,
  checkRequired,
  checkType,
  isUsablePattern,
  type KeywordValue,
  NUMBER_KEYWORDS,
  SILENTLY_DROPPED,
  STRING_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from './schema-keyword-values.js';
import {
  allowNullBecauseNullable,
  allowNullListedInEnum,
  repairRequired,
  translateExclusiveBounds,
} from './schema-repairs.js';
import type { WarningCollector } from './warning-collector.js';

/** How many more JSON values the schemas of one operation may hold. Shared by its input and output. */
export interface SchemaBudget {
  remaining: number;
}

export interface SchemaFinaliserOptions {
  /** Where shared schemas live in the document, so that a repair is reported once, at its source. */
  readonly origins: WeakMap<object, string>;
  readonly maxDepth: number;
  readonly budget: SchemaBudget;
  readonly warnings: WarningCollector;
}

/** Finalises the pieces of one root schema (an operation's input, or its output). */
export interface SchemaFinaliser {
  /**
   * A fresh copy of `schema`, valid JSON Schema 2020-12. `at` is its JSON Pointer in the document,
   * for warnings.
   */
  finalise(schema: unknown, at: string): JsonSchema;
  /**
   * The definitions that finalised schemas refer to as `#/$defs/<name>` (the recursive parts), to
   * be put at the root; undefined when there are none. Reports what was cut.
   */
  finish(): Record<string, JsonSchema | boolean> | undefined;
}

/** Creates a finaliser for one root schema, with `$defs` of its own. */
export function createSchemaFinaliser(options: SchemaFinaliserOptions): SchemaFinaliser {
  const { origins, maxDepth, budget, warnings } = options;
  const definitions = new Map<string, JsonSchema | boolean>();
  // Dereferencing turns a recursive schema into a cycle of objects: an object met again inside
  // itself becomes a definition, referred to from then on.
  const definitionByObject = new Map<object, string>();
  // The objects being visited, from the root being finalised down to the current one.
  let onPath = new Map<object, number>();
  const cuts = { depth: [] as string[], size: [] as string[] };

  const repaired = (at: string, message: string) => warnings.warn({ code: 'schema-repaired', at, message });

  /** A copy of a data value (enum, default, ...), or undefined when the budget cannot hold it. */
  const copyData = (value: unknown, at: string): unknown => {
    let count = 0;
    const pending: unknown[] = [value];
    while (pending.length > 0 && count <= budget.remaining) {
      const item = pending.pop();
      count += 1;
      if (typeof item === 'object' && item !== null)
        for (const child of Object.values(item)) pending.push(child);
    }
    if (count > budget.remaining) {
      cuts.size.push(at);
      return undefined;
    }
    budget.remaining -= count;
    return structuredClone(value);
  };

  const definitionName = (pointer: string): string => {
    const last = (parseInternalPointer(pointer) ?? []).at(-1) ?? 'schema';
    const base = last.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'schema';
    let name = base;
    for (let index = 2; definitions.has(name); index++) name = `${base}_${index}`;
    return name;
  };

  /** The `$defs` reference of an object met inside itself, its definition made on the first meeting. */
  const referToCycle = (schema: Record<string, unknown>, at: string, depth: number): JsonSchema => {
    let name = definitionByObject.get(schema);
    if (name === undefined) {
      name = definitionName(origins.get(schema) ?? at);
      definitionByObject.set(schema, name);
      definitions.set(name, {});
      // A definition is a root of its own: only cycles through it, not the path that led here, count.
      const outerPath = onPath;
      onPath = new Map();
      try {
        definitions.set(name, visit(schema, at, depth + 1, [], true));
      } finally {
        onPath = outerPath;
      }
    }
    return { $ref: `#/$defs/${name}` };
  };

  const applyKeywordValue = (
    result: Record<string, unknown>,
    keyword: string,
    checked: KeywordValue,
    at: string,
  ) => {
    if ('drop' in checked) {
      repaired(at, `${checked.drop}; the keyword is ignored.`);
      return;
    }
    if (checked.repaired) repaired(at, `${checked.repaired}.`);
    setOwn(result, keyword, checked.value);
  };

  const visitList = (value: unknown, at: string, depth: number, inherited: readonly string[]) => {
    if (!Array.isArray(value) || value.length === 0) return undefined;
    return value.map((item, index) => visit(item, appendPointer(at, index), depth + 1, inherited));
  };

  function visit(
    schema: unknown,
    givenAt: string,
    depth: number,
    inherited: readonly string[],
    asDefinition = false,
  ): JsonSchema | boolean {
    if (typeof schema === 'boolean') return schema;
    if (!isPlainObject(schema)) {
      warnings.warn({
        code: 'invalid-schema',
        at: givenAt,
        message: `a schema must be an object, but this one is ${describeValue(schema)}; it is read as {}.`,
      });
      return {};
    }
    const at = origins.get(schema) ?? givenAt;
    if (!asDefinition && (definitionByObject.has(schema) || onPath.has(schema)))
      return referToCycle(schema, at, depth);
    onPath.set(schema, (onPath.get(schema) ?? 0) + 1);
    try {
      return visitObject(schema, at, depth, inherited);
    } finally {
      const count = (onPath.get(schema) ?? 1) - 1;
      if (count === 0) onPath.delete(schema);
      else onPath.set(schema, count);
    }
  }

  function visitObject(
    schema: Record<string, unknown>,
    at: string,
    depth: number,
    inherited: readonly string[],
  ): JsonSchema | boolean {
    if (depth > maxDepth) {
      cuts.depth.push(at);
      return {};
    }
    if (budget.remaining <= 0) {
      cuts.size.push(at);
      return {};
    }
    budget.remaining -= 1;

    const result: Record<string, unknown> = {};
    const ownNames = isPlainObject(schema.properties) ? Object.keys(schema.properties) : [];
    const branchInheritance = [...inherited, ...ownNames];
    let nullable = false;
    let tupleItems = false;
    const exclusive: Record<string, boolean> = {};

    for (const [keyword, value] of Object.entries(schema)) {
      const here = appendPointer(at, keyword);
      if (keyword === '$ref') {
        if (typeof value !== 'string') {
          repaired(here, `$ref ${JSON.stringify(value)} is not a string; it is ignored.`);
          continue;
        }
        // Every resolvable reference is an object by now; what is left is a loop of references with
        // no schema in it (A -> B -> A).
        warnings.warn({
          code: 'broken-ref',
          at: here,
          message: `$ref "${value}" leads only to other references, never to a schema; it is read as an empty schema ({}).`,
        });
      } else if (keyword === 'nullable' || keyword === 'x-nullable') {
        nullable = value === true;
      } else if (SILENTLY_DROPPED.has(keyword) || keyword.startsWith('x-')) {
        // Dropped: see SILENTLY_DROPPED; extensions are not part of the schema an agent fills in.
      } else if (keyword === 'items') {
        if (Array.isArray(value)) {
          // The draft-04 tuple form: 2020-12 spells it prefixItems.
          tupleItems = true;
          const items = visitList(value, here, depth, []);
          if (items) setOwn(result, 'prefixItems', items);
        } else if (typeof value === 'boolean' || isPlainObject(value)) {
          setOwn(result, 'items', visit(value, here, depth + 1, []));
        } else {
          repaired(here, 'items is not a schema; the keyword is ignored.');
        }
      } else if (keyword === 'additionalItems') {
        // Read after the loop: it means something only beside the tuple form of items.
      } else if (SUBSCHEMA_KEYWORDS.has(keyword)) {
        if (typeof value === 'boolean' || isPlainObject(value))
          setOwn(result, keyword, visit(value, here, depth + 1, []));
        else repaired(here, `${keyword} is not a schema; the keyword is ignored.`);
      } else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword)) {
        if (!isPlainObject(value)) {
          repaired(here, `${keyword} is not an object of schemas; the keyword is ignored.`);
          continue;
        }
        const map: Record<string, unknown> = {};
        for (const [name, subschema] of Object.entries(value)) {
          if (keyword === 'patternProperties' && !isUsablePattern(name)) {
            repaired(
              appendPointer(here, name),
              `pattern ${JSON.stringify(name)} is not a valid regular expression; it is ignored.`,
            );
            continue;
          }
          setOwn(map, name, visit(subschema, appendPointer(here, name), depth + 1, []));
        }
        setOwn(result, keyword, map);
      } else if (SUBSCHEMA_LIST_KEYWORDS.has(keyword)) {
        const list = visitList(value, here, depth, keyword === 'prefixItems' ? [] : branchInheritance);
        if (list) setOwn(result, keyword, list);
        else repaired(here, `${keyword} is not a non-empty list of schemas; the keyword is ignored.`);
      } else if (keyword === 'type') {
        applyKeywordValue(result, keyword, checkType(value), here);
      } else if (keyword === 'enum') {
        if (!Array.isArray(value) || value.length === 0) {
          repaired(here, 'enum is not a non-empty list; the keyword is ignored.');
          continue;
        }
        const copy = copyData(value, here);
        if (copy !== undefined) setOwn(result, keyword, copy);
      } else if (keyword === 'const' || keyword === 'default') {
        const copy = copyData(value, here);
        if (copy !== undefined) setOwn(result, keyword, copy);
      } else if (keyword === 'examples' || keyword === 'example') {
        // OpenAPI's singular example becomes the JSON Schema list, unless the list is also given.
        if (keyword === 'example' && 'examples' in schema) continue;
        const copy = copyData(keyword === 'examples' && Array.isArray(value) ? value : [value], here);
        if (copy !== undefined) setOwn(result, 'examples', copy);
      } else if (
        (keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum') &&
        typeof value === 'boolean'
      ) {
        // OpenAPI 3.0's boolean form, left in a document that says 3.1.
        exclusive[keyword] = value;
      } else if (NUMBER_KEYWORDS.has(keyword)) {
        applyKeywordValue(result, keyword, checkNumber(keyword, value), here);
      } else if (keyword === 'multipleOf') {
        applyKeywordValue(result, keyword, checkMultipleOf(value), here);
      } else if (COUNT_KEYWORDS.has(keyword)) {
        applyKeywordValue(result, keyword, checkCount(keyword, value), here);
      } else if (keyword === 'pattern') {
        applyKeywordValue(result, keyword, checkPattern(value), here);
      } else if (keyword === 'required') {
        applyKeywordValue(result, keyword, checkRequired(value), here);
      } else if (keyword === 'dependentRequired') {
        applyKeywordValue(result, keyword, checkDependentRequired(value), here);
      } else if (keyword === 'dependencies') {
        translateDependencies(result, value, here, depth);
      } else if (STRING_KEYWORDS.has(keyword)) {
        if (typeof value === 'string') setOwn(result, keyword, value);
        else repaired(here, `${keyword} is not a string; the keyword is ignored.`);
      } else if (BOOLEAN_KEYWORDS.has(keyword)) {
        if (typeof value === 'boolean') setOwn(result, keyword, value);
        else repaired(here, `${keyword} is not a boolean; the keyword is ignored.`);
      } else if (keyword === 'discriminator') {
        // Only the property name means anything once the mapping's $refs are resolved.
        if (isPlainObject(value) && typeof value.propertyName === 'string') {
          setOwn(result, keyword, { propertyName: value.propertyName });
        }
      } else {
        // An annotation JSON Schema does not define: harmless to validators, kept for readers.
        const copy = copyData(value, here);
        if (copy !== undefined) setOwn(result, keyword, copy);
      }
    }

    if (tupleItems && 'additionalItems' in schema) {
      const rest = schema.additionalItems;
      if (typeof rest === 'boolean' || isPlainObject(rest)) {
        setOwn(result, 'items', visit(rest, appendPointer(at, 'additionalItems'), depth + 1, []));
      }
    }
    translateExclusiveBounds(result, exclusive);
    if (nullable) allowNullBecauseNullable(result, at, warnings);
    allowNullListedInEnum(result, at, warnings);
    repairRequired(result, at, inherited, warnings);
    return result;
  }

  function translateDependencies(result: Record<string, unknown>, value: unknown, at: string, depth: number) {
    if (!isPlainObject(value)) return;
    const names: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (const [name, dependency] of Object.entries(value)) {
      if (Array.isArray(dependency))
        setOwn(
          names,
          name,
          dependency.filter((item) => typeof item === 'string'),
        );
      else setOwn(schemas, name, visit(dependency, appendPointer(at, name), depth + 1, []));
    }
    if (Object.keys(names).length > 0 && !('dependentRequired' in result))
      setOwn(result, 'dependentRequired', names);
    if (Object.keys(schemas).length > 0 && !('dependentSchemas' in result))
      setOwn(result, 'dependentSchemas', schemas);
  }

  return {
    finalise(schema, at) {
      const finalised = visit(schema, at, 0, []);
      if (finalised === true) return {};
      if (finalised === false) return { not: {} };
      return finalised;
    },
    finish() {
      for (const [reason, places] of Object.entries(cuts)) {
        if (places.length === 0) continue;
        const limit =
          reason === 'depth'
            ? `nested deeper than ${maxDepth} levels`
            : 'past the size limit of one operation';
        warnings.warn({
          code: 'schema-cut',
          at: places[0] as string,
          message: `${places.length} part(s) of this operation's schemas were ${limit} and were replaced by {} (which accepts any value).`,
        });
      }
      cuts.depth = [];
      cuts.size = [];
      return definitions.size > 0 ? Object.fromEntries(definitions) : undefined;
    },
  };
}

function describeValue(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? typeof value;
  return Array.isArray(value) ? 'an array' : 'not a plain object';
}
