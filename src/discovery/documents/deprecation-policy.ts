import { lexer, type Tokens } from 'marked';

/** @inline */
export interface VersionLifecycle {
  readonly version: string;
  readonly lifecycle: string;
  readonly deprecatedAt?: string;
  readonly sunsetAt?: string;
}

/** @inline */
export interface DeprecationPolicy {
  readonly url: string;
  /** The policy in the publisher's words. */
  readonly text: string;
  /** Minimum days between deprecation and sunset, when the policy states it. */
  readonly minimumNoticeDays?: number;
  readonly versions: readonly VersionLifecycle[];
}

const DATE = /\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?/;

/** Reads the deprecation policy: its text, its notice period, and a versions table when there is one. */
export function readDeprecationPolicy(markdown: string, documentUrl: string): DeprecationPolicy {
  const versions: VersionLifecycle[] = [];
  for (const token of lexer(markdown)) {
    if (token.type !== 'table') continue;
    const table = token as Tokens.Table;
    const header = table.header.map((cell) => cell.text.toLowerCase());
    const column = (name: string) => header.findIndex((cell) => cell.includes(name));
    const [version, lifecycle, deprecated, sunset] = ['version', 'lifecycle', 'deprecat', 'sunset'].map(
      column,
    );
    if (version === undefined || version === -1) continue;
    for (const row of table.rows) {
      const cell = (index: number | undefined) =>
        index === undefined || index === -1 ? '' : (row[index]?.text.replace(/`/g, '').trim() ?? '');
      const deprecatedAt = DATE.exec(cell(deprecated))?.[0];
      const sunsetAt = DATE.exec(cell(sunset))?.[0];
      versions.push({
        version: cell(version),
        lifecycle: cell(lifecycle) || 'unknown',
        ...(deprecatedAt ? { deprecatedAt } : {}),
        ...(sunsetAt ? { sunsetAt } : {}),
      });
    }
  }
  const notice = /(\d+)\s+days/i.exec(markdown)?.[1];
  return {
    url: documentUrl,
    text: markdown,
    ...(notice ? { minimumNoticeDays: Number(notice) } : {}),
    versions,
  };
}
