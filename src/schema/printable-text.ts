/**
 * Text taken from a model's arguments, made safe to quote in a message: control characters (and
 * the Unicode line separators) written as `\uXXXX` escapes, so that a NUL or a line break in a
 * field name reaches no log or terminal as itself, and a long text cut with its length said.
 * @module
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` with control characters escaped, and cut to `maxLength` characters (its length said). */
export function printable(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  const escaped = text.replace(
    CONTROL_CHARACTERS,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (escaped.length <= maxLength) return escaped;
  // Cut between code points, never inside a surrogate pair.
  const kept = Array.from(escaped.slice(0, maxLength)).slice(0, -1).join('');
  return `${kept}… (${text.length} characters)`;
}
