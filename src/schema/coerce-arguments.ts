/**
 * The conversions the service expects and models get wrong, done before validation: numbers
 * where the schema wants strings (v6 takes `"512"`), `yes` / `no` where a flag is an enum of those,
 * numeric strings where the schema wants numbers, a lone value where it wants a list.
 * @module
 */

import type { JsonSchema } from '../discovery/types.js';
import { expandReference, type LocalDefinitions, localDefinitions } from './local-references.js';
import {
  asSchemaNode,
  impliedTypes,
  isRecord,
  type JsonType,
  jsonTypeOf,
  propertiesOf,
  setOwn,
  typeAccepts,
  unionBranchesOf,
} from './schema-node.js';

const NUMERIC_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const MAX_COERCE_DEPTH = 64;

/**
 * A copy of `value` (plain JSON, as `copyArguments` gives) with the values the schema types
 * differently converted when the conversion is lossless. What cannot be converted is left as it
 * is, for the validator to explain.
 */
export function coerceArguments(value: unknown, schema: JsonSchema): unknown {
  return coerce(value, schema, localDefinitions(schema), 0);
}

function coerce(value: unknown, raw: unknown, definitions: LocalDefinitions, depth: number): unknown {
  if (depth > MAX_COERCE_DEPTH || !isRecord(raw)) return value;
  let schema: JsonSchema = raw;
  if (typeof schema.$ref === 'string') {
    const expanded = expandReference(schema, definitions, []);
    if (!expanded) return value;
    schema = expanded.schema;
  }
  const branches = unionBranchesOf(schema);
  if (branches) {
    const type = jsonTypeOf(value);
    const fitting = branches.find((branch) =>
      impliedTypes(branch).some((wanted) => typeAccepts(wanted, type)),
    );
    if (fitting) value = coerce(value, fitting, definitions, depth + 1);
    else {
      for (const branch of branches) {
        const converted = coerce(value, branch, definitions, depth + 1);
        if (converted !== value) {
          value = converted;
          break;
        }
      }
    }
  }
  if (Array.isArray(schema.allOf))
    for (const part of schema.allOf) value = coerce(value, part, definitions, depth + 1);
  value = coerceScalar(value, schema);
  return coerceChildren(value, schema, definitions, depth);
}

/** `value` converted to one of the schema's types, or to the spelling its enum uses. */
function coerceScalar(value: unknown, schema: JsonSchema): unknown {
  const types = impliedTypes(schema);
  const actual = jsonTypeOf(value);
  const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (types.length > 0 && !types.some((type) => typeAccepts(type, actual))) {
    for (const type of types) {
      const converted = convert(value, type, enumValues);
      if (converted !== undefined) return converted;
    }
    return value;
  }
  // The right type but the other spelling of a yes/no flag: `"true"` for an enum of yes and no.
  if (typeof value === 'string' && enumValues && !enumValues.includes(value)) {
    const flag = flagOf(value);
    if (flag !== undefined) return spellFlag(flag, enumValues) ?? value;
  }
  return value;
}

function convert(value: unknown, type: JsonType, enumValues: readonly unknown[] | undefined): unknown {
  switch (type) {
    case 'string':
      if (typeof value === 'number') return String(value);
      if (typeof value === 'boolean') return enumValues ? spellFlag(value, enumValues) : undefined;
      return undefined;
    case 'integer':
    case 'number': {
      if (typeof value !== 'string' || !NUMERIC_TEXT.test(value)) return undefined;
      const number = Number(value);
      if (!Number.isFinite(number) || (type === 'integer' && !Number.isInteger(number))) return undefined;
      return number;
    }
    case 'boolean':
      return typeof value === 'string' ? flagOf(value) : undefined;
    case 'array':
      // A lone value where a list is wanted: the model meant a list of one.
      return value !== null && !Array.isArray(value) ? [value] : undefined;
    default:
      return undefined;
  }
}

function flagOf(text: string): boolean | undefined {
  const normalised = text.trim().toLowerCase();
  if (normalised === 'true' || normalised === 'yes') return true;
  if (normalised === 'false' || normalised === 'no') return false;
  return undefined;
}

/** `flag` as the enum spells it (`yes` / `no`, `true` / `false`), when it has such values. */
function spellFlag(flag: boolean, enumValues: readonly unknown[]): string | undefined {
  const spellings = flag ? ['yes', 'true', 'on', '1'] : ['no', 'false', 'off', '0'];
  return spellings.find((spelling) => enumValues.includes(spelling));
}

function coerceChildren(
  value: unknown,
  schema: JsonSchema,
  definitions: LocalDefinitions,
  depth: number,
): unknown {
  if (Array.isArray(value)) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    return value.map((item, index) =>
      coerce(item, index < prefix.length ? prefix[index] : schema.items, definitions, depth + 1),
    );
  }
  if (!isRecord(value)) return value;
  const properties = propertiesOf(schema);
  const additional = isRecord(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const coerced: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) {
    const propertySchema = Object.hasOwn(properties, name) ? properties[name] : additional;
    setOwn(
      coerced,
      name,
      propertySchema ? coerce(entry, asSchemaNode(propertySchema), definitions, depth + 1) : entry,
    );
  }
  return coerced;
}
