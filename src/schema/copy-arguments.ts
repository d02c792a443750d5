/**
 * A model's arguments copied into plain JSON before anything reads them: undefined dropped,
 * prototype-polluting names refused, hostile sizes cut short. Never throws.
 * @module
 */

import { setOwn } from './schema-node.js';

export interface ArgumentLimits {
  /**
   * Deepest nesting of objects and arrays accepted.
   * @default 32
   */
  readonly maxDepth?: number;
  /**
   * Longest string accepted anywhere, in characters, whatever the schema says (base64 uploads are
   * the longest legitimate values).
   * @default 10_000_000
   */
  readonly maxStringLength?: number;
  /**
   * Most values (objects, arrays, scalars) accepted in all.
   * @default 100_000
   */
  readonly maxValues?: number;
}

/** A field the copy refused, with why. */
export interface CopyProblem {
  /** Path segments from the root: `['messages', 0, 'role']`. */
  readonly path: readonly (string | number)[];
  readonly expected: string;
  readonly received: string;
  /** What is wrong, as the end of a sentence that starts with the field's name. */
  readonly reason: string;
}

// Names that reach an object's prototype when code assigns them; no operation has such a field.
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** A plain-JSON copy of `value`, or the problems that stopped it. */
export function copyArguments(
  value: unknown,
  limits: ArgumentLimits = {},
): { readonly value: unknown; readonly problems: readonly CopyProblem[] } {
  const maxDepth = limits.maxDepth ?? 32;
  const maxStringLength = limits.maxStringLength ?? 10_000_000;
  let remaining = limits.maxValues ?? 100_000;
  const problems: CopyProblem[] = [];

  const copy = (current: unknown, path: (string | number)[]): unknown => {
    remaining -= 1;
    if (remaining < 0) {
      if (remaining === -1)
        problems.push({
          path,
          expected: 'fewer values in all',
          received: 'too many values',
          reason: 'is where the arguments grow too large; send fewer values',
        });
      return undefined;
    }
    if (current === null || typeof current === 'boolean') return current;
    if (typeof current === 'string') {
      if (current.length <= maxStringLength) return current;
      problems.push({
        path,
        expected: `a string of at most ${maxStringLength} characters`,
        received: `${current.length} characters`,
        reason: `is too long: ${current.length} characters, at most ${maxStringLength}`,
      });
      return undefined;
    }
    if (typeof current === 'number') {
      if (Number.isFinite(current)) return current;
      problems.push({
        path,
        expected: 'a finite number',
        received: String(current),
        reason: `must be a finite number, got ${String(current)}`,
      });
      return undefined;
    }
    if (typeof current !== 'object') {
      problems.push({
        path,
        expected: 'a JSON value',
        received: `a ${typeof current}`,
        reason: `must be a JSON value, got a ${typeof current}`,
      });
      return undefined;
    }
    if (path.length >= maxDepth) {
      problems.push({
        path,
        expected: `at most ${maxDepth} levels of nesting`,
        received: 'deeper nesting',
        reason: `is nested too deeply (at most ${maxDepth} levels)`,
      });
      return undefined;
    }
    if (Array.isArray(current))
      return current.map((item, index) => copy(item === undefined ? null : item, [...path, index]));
    const prototype = Object.getPrototypeOf(current);
    if (prototype !== Object.prototype && prototype !== null) {
      problems.push({
        path,
        expected: 'a JSON value',
        received: 'an object that is not plain JSON',
        reason: 'must be plain JSON',
      });
      return undefined;
    }
    const copied: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(current)) {
      if (entry === undefined) continue;
      if (FORBIDDEN_NAMES.has(name)) {
        problems.push({
          path: [...path, name],
          expected: 'no field of this name',
          received: 'a forbidden name',
          reason: 'is a forbidden field name; leave it out',
        });
        continue;
      }
      setOwn(copied, name, copy(entry, [...path, name]));
    }
    return copied;
  };

  try {
    return { value: copy(value, []), problems };
  } catch {
    // A getter or proxy that throws: the arguments are not JSON.
    return {
      value: undefined,
      problems: [
        { path: [], expected: 'plain JSON arguments', received: 'unreadable', reason: 'could not be read' },
      ],
    };
  }
}
