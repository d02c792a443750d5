/**
 * Text cut for people: at the end of a word, never inside one, with an ellipsis.
 * @module
 */

/**
 * `text` when it fits in `maxLength` characters; otherwise its longest start that ends at a word
 * boundary (trailing punctuation dropped) followed by `…`, within `maxLength`. A text whose first
 * word alone is too long is cut inside it, between code points.
 *
 * @example
 * cutAtWord('missing fingers, extra limbs', 20) // 'missing fingers…'
 */
export function cutAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const room = Math.max(maxLength - 1, 0);
  const start = text.slice(0, room + 1);
  const boundary = start.search(/\s\S*$/);
  const kept =
    boundary > 0 && boundary >= room / 3
      ? start.slice(0, boundary)
      : Array.from(text.slice(0, room)).slice(0, room).join('');
  return `${kept.replace(/[\s,;:.\-–—(]+$/u, '')}…`;
}
