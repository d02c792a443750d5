/**
 * The README's benchmark block: everything between `<!-- bench:start -->` and
 * `<!-- bench:end -->`, rewritten whole, nothing else touched.
 * @module
 */

export const BLOCK_START = '<!-- bench:start -->';
export const BLOCK_END = '<!-- bench:end -->';

/** `text` with its block's content replaced by `content`; undefined when the markers are missing. */
export function replaceBenchBlock(text: string, content: string): string | undefined {
  const start = text.indexOf(BLOCK_START);
  const end = text.indexOf(BLOCK_END, start + BLOCK_START.length);
  if (start < 0 || end < 0) return undefined;
  return `${text.slice(0, start + BLOCK_START.length)}\n${content.trim()}\n${text.slice(end)}`;
}
