/**
 * What a schema expects, in a few words a model can act on: `an integer from 256 to 1536`,
 * `one of 'png', 'jpeg', 'webp'`, `a URL`.
 * @module
 */

import type { JsonSchema } from '../discovery/types.js';
import {
  asSchemaNode,
  briefJson,
  impliedTypes,
  isRecord,
  type JsonType,
  unionBranchesOf,
} from './schema-node.js';

const FORMAT_NOUNS: Readonly<Record<string, string>> = {
  uri: 'a URL',
  url: 'a URL',
  email: 'an e-mail address',
  'date-time': 'a date and time (RFC 3339)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time',
  uuid: 'a UUID',
};

const MAX_LISTED_VALUES = 8;

/** What `schema` expects, in words. */
export function describeExpectation(raw: unknown, depth = 0): string {
  const schema = asSchemaNode(raw);
  if (depth > 3) return 'a JSON value';
  if ('const' in schema) return `exactly ${briefJson(schema.const)}`;
  if (Array.isArray(schema.enum)) return oneOf(schema.enum);
  const branches = unionBranchesOf(schema);
  if (branches && !('type' in schema)) {
    const forms = [...new Set(branches.map((branch) => describeExpectation(branch, depth + 1)))];
    return forms.join(' or ');
  }
  const types = impliedTypes(schema);
  if (types.length === 0) return 'a JSON value';
  return types.map((type) => describeType(schema, type, depth)).join(' or ');
}

function oneOf(values: readonly unknown[]): string {
  if (values.length === 1) return `exactly ${briefJson(values[0])}`;
  const listed = values.slice(0, MAX_LISTED_VALUES).map((value) => briefJson(value, 30));
  return values.length > MAX_LISTED_VALUES
    ? `one of ${values.length} values such as ${listed.join(', ')}`
    : `one of ${listed.join(', ')}`;
}

function describeType(schema: JsonSchema, type: JsonType, depth: number): string {
  switch (type) {
    case 'string': {
      const noun =
        typeof schema.format === 'string' ? (FORMAT_NOUNS[schema.format] ?? 'a string') : 'a string';
      const length = range(schema.minLength, schema.maxLength, 'characters').replace(/^from /, '');
      const pattern = typeof schema.pattern === 'string' ? ` matching ${schema.pattern}` : '';
      return `${noun}${length ? ` of ${length}` : ''}${pattern}`;
    }
    case 'integer':
    case 'number': {
      const noun = type === 'integer' ? 'an integer' : 'a number';
      const bounds: string[] = [];
      const inclusive = range(schema.minimum, schema.maximum, '');
      if (inclusive) bounds.push(inclusive.startsWith('from') ? inclusive : `of ${inclusive}`);
      if (typeof schema.exclusiveMinimum === 'number') bounds.push(`greater than ${schema.exclusiveMinimum}`);
      if (typeof schema.exclusiveMaximum === 'number') bounds.push(`less than ${schema.exclusiveMaximum}`);
      return [noun, ...bounds].join(' ');
    }
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'array': {
      const count = range(schema.minItems, schema.maxItems, 'items').replace(/^from /, '');
      const items = isRecord(schema.items)
        ? ` of ${plural(describeExpectation(schema.items, depth + 1))}`
        : '';
      return `a list${count ? ` of ${count}` : ''}${items}`;
    }
    case 'object':
      return 'an object';
  }
}

/** `from 1 to 4000 characters`, `at least 1`, `at most 200 characters`, or empty. */
function range(low: unknown, high: unknown, unit: string): string {
  const suffix = unit ? ` ${unit}` : '';
  if (typeof low === 'number' && typeof high === 'number')
    return low === high ? `exactly ${low}${suffix}` : `from ${low} to ${high}${suffix}`;
  if (typeof low === 'number') return `at least ${low}${suffix}`;
  if (typeof high === 'number') return `at most ${high}${suffix}`;
  return '';
}

/** `a string of ...` as the items of a list: `strings of ...`. */
function plural(expectation: string): string {
  const simple = /^(?:a|an) (string|integer|number|object|list|URL|UUID)\b/.exec(expectation);
  if (!simple) return `values, each ${expectation}`;
  return `${simple[1]}s${expectation.slice(simple[0].length)}`;
}
