/**
 * Validation without code generation: `@cfworker/json-schema` walks the schema for each value
 * instead of compiling it to a function with `new Function`, which workerd and edge runtimes
 * forbid. Its output units are turned into the shape of Ajv's errors (keyword, paths, params, the
 * value and its schema), so that `validation-problems.ts` writes the same sentences from either.
 * @module
 */
import { type OutputUnit, Validator } from '@cfworker/json-schema';
import type { JsonSchema } from '../discovery/types.js';
import { isRecord } from './schema-node.js';
import type { SchemaError } from './validation-problems.js';

/** A validator as Ajv's `ValidateFunction` is used here: a boolean, and the errors of the last run. */
export interface SchemaCheck {
  (data: unknown): boolean;
  errors?: readonly SchemaError[] | null;
}

/**
 * Units that only say that something inside failed: the units of what failed follow them, and Ajv
 * reports those alone.
 */
const AGGREGATE_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  'dependentSchemas',
  'dependencies',
  'propertyNames',
  'then',
  'else',
]);

/** The segments of a cfworker location (`#/a/b~1c`, URI-encoded), still `~`-escaped. */
function segmentsOf(location: string): string[] {
  const pointer = decodeURI(location.replace(/^#/, '')).replace(/%23/g, '#');
  return pointer === '' ? [] : pointer.split('/').slice(1);
}

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function at(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = node[unescapeSegment(segment)];
    else return undefined;
  }
  return node;
}

/** The first `"quoted"` names of a cfworker message (property names are quoted there). */
function quoted(message: string): string[] {
  return [...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
}

/** Ajv's message for the keywords `validation-problems.ts` words only through `message`. */
function ajvMessage(keyword: string, schema: Record<string, unknown>, unit: OutputUnit): string {
  switch (keyword) {
    case 'minProperties':
      return `must NOT have fewer than ${String(schema.minProperties)} properties`;
    case 'maxProperties':
      return `must NOT have more than ${String(schema.maxProperties)} properties`;
    case 'contains':
      return `must contain at least ${String(schema.minContains ?? 1)} valid item(s)`;
    default:
      return unit.error.replace(/\.$/, '');
  }
}

/**
 * Thrown by a run that met a schema it cannot use (a reference to nowhere, two schemas with one
 * URI): the schema is at fault, never the value.
 */
export function isSchemaFault(error: unknown): boolean {
  return error instanceof Error && /^(Unresolved \$|Duplicate schema URI)/.test(error.message);
}

/**
 * `value` without properties whose value is `undefined`, which the interpreter refuses to look at
 * and Ajv reads as absent (a `required` one is missing).
 */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (entry !== undefined)
      Object.defineProperty(copy, name, {
        value: withoutUndefined(entry),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return copy;
}

/** `schema` as an interpreting validator; a run throws when it meets a schema it cannot use. */
export function interpretSchema(schema: JsonSchema): SchemaCheck {
  // cfworker annotates the schema it is given (`__absolute_uri__`): it gets a copy of its own, and
  // the schema nodes the problems quote come from the untouched one.
  const validator = new Validator(structuredClone(schema) as never, '2020-12', false);
  const check: SchemaCheck = (data) => {
    const result = validator.validate(withoutUndefined(data));
    check.errors = result.valid ? null : toAjvErrors(result.errors, schema, data);
    return result.valid;
  };
  return check;
}

function toAjvErrors(units: readonly OutputUnit[], schema: JsonSchema, data: unknown): SchemaError[] {
  const errors: SchemaError[] = [];
  const unitsAt = new Set<string>();
  for (const unit of units) {
    if (AGGREGATE_KEYWORDS.has(unit.keyword)) continue;
    const schemaSegments = segmentsOf(unit.keywordLocation);
    const instanceSegments = segmentsOf(unit.instanceLocation);
    const parentSchema = at(schema, schemaSegments.slice(0, -1));
    const parent = isRecord(parentSchema) ? parentSchema : {};
    const names = quoted(unit.error);
    let keyword = unit.keyword;
    const params: Record<string, unknown> = {};
    if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') {
      // Ajv names the extra property only where the keyword is `false`; otherwise the errors
      // inside the extra property's schema speak.
      if (parent[keyword] !== false) continue;
      params[keyword === 'additionalProperties' ? 'additionalProperty' : 'unevaluatedProperty'] = names[0];
      unitsAt.add(`${unit.instanceLocation}/${names[0] ?? ''}`);
    } else if (keyword === 'false') {
      // The `false` under an additionalProperties unit is that unit's reason, already reported.
      if (unitsAt.has(unit.instanceLocation)) continue;
      keyword = 'false schema';
    } else if (keyword === 'required') {
      params.missingProperty = names[0];
    } else if (keyword === 'dependentRequired') {
      params.property = names[0];
      params.missingProperty = names[1];
    } else if (keyword === 'uniqueItems') {
      const [first, second] = [...unit.error.matchAll(/\d+/g)].map((match) => Number(match[0]));
      // Ajv scans from the end: it names the later item as `j` and the earlier as `i`.
      params.i = first;
      params.j = second;
    } else if (keyword === 'multipleOf') {
      params.multipleOf = parent.multipleOf;
    } else if (keyword === 'oneOf' && /\((\d+) matches\)/.exec(unit.error)?.[1] !== '0') {
      const branches = Array.isArray(parent.oneOf) ? parent.oneOf : [];
      const value = at(data, instanceSegments);
      params.passingSchemas = branches
        .map((_branch, index) => index)
        .filter((index) => branchPasses(schema, [...schemaSegments, String(index)], value));
    }
    const instancePath = instanceSegments.map((segment) => `/${segment}`).join('');
    errors.push({
      keyword,
      instancePath,
      schemaPath: `#/${schemaSegments.join('/')}`.replace(/\/$/, ''),
      params,
      message: ajvMessage(keyword, parent, unit),
      data: at(data, instanceSegments),
      parentSchema: parent,
    });
  }
  return errors;
}

/** Whether the branch at `segments` of `root` accepts `value` (for a oneOf that several fit). */
function branchPasses(root: JsonSchema, segments: readonly string[], value: unknown): boolean {
  const branch = at(root, segments);
  if (!isRecord(branch)) return branch === true;
  // The branch may point at the root's definitions: it is checked with them beside it.
  const withDefinitions = { ...branch, ...(isRecord(root.$defs) ? { $defs: root.$defs } : {}) };
  return new Validator(structuredClone(withDefinitions) as never, '2020-12', false).validate(value).valid;
}
