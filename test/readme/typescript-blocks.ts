/**
 * The TypeScript blocks of a Markdown document (fences marked `ts` or `typescript`), each with the
 * heading it stands under and the line where its code starts, so that a failure can say which
 * block a reader would be looking at.
 * @module
 */

export interface TypeScriptBlock {
  /** The document, as named by the caller (e.g. `README.md`). */
  readonly document: string;
  /** The nearest heading above the block, as written (`### LangChain`), or `(top)`. */
  readonly heading: string;
  /** The document's line (1-based) of the block's first line of code. */
  readonly line: number;
  readonly code: string;
}

const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)/;
const HEADING = /^#{1,6}\s+\S/;

/** Every TypeScript block of `markdown`, in order; other fences are skipped whole (their `#` lines are not headings). */
export function typeScriptBlocksOf(markdown: string, document: string): TypeScriptBlock[] {
  const blocks: TypeScriptBlock[] = [];
  const lines = markdown.split('\n');
  let heading = '(top)';
  let fence: { marker: string; typescript: boolean; line: number; code: string[] } | undefined;
  lines.forEach((text, index) => {
    if (fence) {
      if (text.trim().startsWith(fence.marker) && text.trim().replace(/[`~]/g, '') === '') {
        if (fence.typescript)
          blocks.push({ document, heading, line: fence.line, code: `${fence.code.join('\n')}\n` });
        fence = undefined;
      } else fence.code.push(text);
      return;
    }
    const opening = FENCE.exec(text);
    if (opening) {
      const language = (opening[2] ?? '').toLowerCase();
      fence = {
        marker: opening[1] as string,
        typescript: language === 'ts' || language === 'typescript',
        line: index + 2,
        code: [],
      };
    } else if (HEADING.test(text)) heading = text.trim();
  });
  return blocks;
}
