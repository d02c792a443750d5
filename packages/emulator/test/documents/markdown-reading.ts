/** A level-2 section of a Markdown document: its heading text and the lines under it. */
export interface MarkdownSection {
  readonly heading: string;
  readonly body: string;
}

/** The `## ` sections of a document, in order (code fences are not expected in these documents). */
export function sectionsOf(markdown: string): MarkdownSection[] {
  const sections: Array<{ heading: string; lines: string[] }> = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) sections.push({ heading: line.slice(3).trim(), lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  return sections.map((section) => ({ heading: section.heading, body: section.lines.join('\n') }));
}

/** The first inline code span of a text. */
export function firstCodeSpan(text: string): string | undefined {
  return /`([^`]+)`/.exec(text)?.[1];
}

/** The tables of a text, each as rows of trimmed cells, header first, delimiter row left out. */
export function tablesOf(text: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    if (/^\|(\s*:?-+:?\s*\|)+$/.test(line)) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replace(/\\\|/g, '|'));
    if (!current) {
      current = [];
      tables.push(current);
    }
    current.push(cells);
  }
  return tables;
}
