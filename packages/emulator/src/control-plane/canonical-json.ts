/**
 * JSON text that two equal values always share, whatever the order of their keys.
 * @module
 */

/**
 * `value` as JSON with every object's keys sorted (and `undefined` members left out, as
 * `JSON.stringify` does), so that `{a, b}` and `{b, a}` give the same text.
 *
 * @example
 * canonicalJson({ b: 1, a: [true] }) // '{"a":[true],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
