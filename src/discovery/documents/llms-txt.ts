import { lexer, type Token, type Tokens } from 'marked';

/** @inline */
export interface LlmsTxtLink {
  readonly title: string;
  readonly url: string;
  readonly description?: string;
}

/**
 * llms.txt (llmstxt.org): a title, a summary, free text, and sections of links.
 * @inline
 */
export interface LlmsTxt {
  readonly url: string;
  readonly title: string;
  readonly summary?: string;
  readonly details: string;
  readonly sections: ReadonlyArray<{ readonly name: string; readonly links: readonly LlmsTxtLink[] }>;
}

function linksIn(list: Tokens.List, base: string): LlmsTxtLink[] {
  const links: LlmsTxtLink[] = [];
  for (const item of list.items) {
    const match = /^\[([^\]]+)\]\(([^)\s]+)\)\s*(?::\s*(.*))?$/s.exec(item.text.trim());
    if (!match) continue;
    try {
      const description = match[3]?.trim();
      links.push({
        title: match[1] as string,
        url: new URL(match[2] as string, base).href,
        ...(description ? { description } : {}),
      });
    } catch {
      // A link whose target is not a URL is left out.
    }
  }
  return links;
}

/** Reads llms.txt; a document without the `# Title` line is reported, not fatal. */
export function readLlmsTxt(markdown: string, documentUrl: string): { llmsTxt: LlmsTxt; problems: string[] } {
  const tokens = lexer(markdown);
  const problems: string[] = [];
  let title = '';
  let summary: string | undefined;
  const details: string[] = [];
  const sections: { name: string; links: LlmsTxtLink[] }[] = [];
  for (const token of tokens as Token[]) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      if (heading.depth === 1 && !title) title = heading.text;
      else if (heading.depth === 2) sections.push({ name: heading.text, links: [] });
      continue;
    }
    const section = sections.at(-1);
    if (token.type === 'list' && section) section.links.push(...linksIn(token as Tokens.List, documentUrl));
    else if (token.type === 'blockquote' && summary === undefined && !section)
      summary = (token as Tokens.Blockquote).text.trim();
    else if (token.type === 'paragraph' && !section) details.push((token as Tokens.Paragraph).text);
  }
  if (!title) problems.push('llms.txt has no "# Title" line');
  return {
    llmsTxt: {
      url: documentUrl,
      title,
      ...(summary ? { summary } : {}),
      details: details.join('\n\n'),
      sections,
    },
    problems,
  };
}
