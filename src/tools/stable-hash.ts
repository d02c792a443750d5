/**
 * A short, stable hash of a text, for names that must never collide yet stay the same from run
 * to run and machine to machine. Not for security.
 * @module
 */

/** `length` characters of `[0-9a-z]` derived from `text` (FNV-1a, two 32-bit lanes). */
export function stableHash(text: string, length = 8): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x01000193 + 0x2c) >>> 0;
  }
  const digits = first.toString(36).padStart(7, '0') + second.toString(36).padStart(7, '0');
  return digits.slice(0, length);
}
