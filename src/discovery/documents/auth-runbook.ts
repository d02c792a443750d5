import { lexer, type Token, type Tokens } from 'marked';
import type { HttpMethod } from '../types.js';

/** @inline */
export type RunbookStepKind =
  | 'discover'
  | 'signup'
  | 'claim'
  | 'verify'
  | 'token-exchange'
  | 'revoke-claim'
  | 'create-key'
  | 'refresh'
  | 'revoke'
  | 'other';

/** @inline */
export interface RunbookField {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

/** @inline */
export interface RunbookStep {
  readonly number: number;
  readonly title: string;
  readonly kind: RunbookStepKind;
  /** The call the step makes, when it makes one. */
  readonly endpoint?: { readonly method: HttpMethod; readonly path: string; readonly url: string };
  readonly fields: readonly RunbookField[];
  /** The step's prose, for people. */
  readonly text: string;
}

/** @inline */
export interface RunbookError {
  readonly code: string;
  readonly status?: number;
  readonly meaning: string;
  readonly action: string;
}

/**
 * The agent registration runbook (auth.md), as steps a program can follow.
 * @inline
 */
export interface Runbook {
  readonly url: string;
  readonly title: string;
  readonly steps: readonly RunbookStep[];
  readonly errors: readonly RunbookError[];
  readonly scopes: ReadonlyArray<{ readonly name: string; readonly grants: string }>;
}

const ENDPOINT = /^(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)$/;

function classify(title: string, path: string | undefined): RunbookStepKind {
  const lowered = title.toLowerCase();
  if (path) {
    if (/\/signup$/.test(path)) return 'signup';
    if (/\/verify-email$/.test(path)) return 'verify';
    if (/\/login$/.test(path)) return 'token-exchange';
    if (/\/refresh$/.test(path)) return 'refresh';
    if (/\/api-keys$/.test(path)) return 'create-key';
    if (/\/logout$/.test(path)) return /claim/.test(lowered) ? 'revoke-claim' : 'revoke';
  }
  if (/discover/.test(lowered)) return 'discover';
  if (/claim/.test(lowered)) return 'claim';
  return 'other';
}

function inlineCode(tokens: readonly Token[]): string[] {
  const found: string[] = [];
  for (const token of tokens) {
    if (token.type === 'codespan') found.push((token as Tokens.Codespan).text);
    const children = (token as { tokens?: Token[] }).tokens;
    if (children) found.push(...inlineCode(children));
  }
  return found;
}

function cells(row: readonly Tokens.TableCell[]): string[] {
  return row.map((cell) => cell.text.replace(/`/g, '').trim());
}

function columnIndex(header: readonly string[], ...names: string[]): number {
  return header.findIndex((cell) => names.some((name) => cell.toLowerCase().startsWith(name)));
}

function fieldsOf(table: Tokens.Table): RunbookField[] | undefined {
  const header = cells(table.header);
  const name = columnIndex(header, 'field', 'name');
  if (name === -1) return undefined;
  const type = columnIndex(header, 'type');
  const required = columnIndex(header, 'required');
  const description = columnIndex(header, 'description', 'notes');
  return table.rows.map((row) => {
    const values = cells(row);
    return {
      name: values[name] ?? '',
      type: type === -1 ? '' : (values[type] ?? ''),
      required: required !== -1 && /^(yes|true|required|y)$/i.test(values[required] ?? ''),
      description: description === -1 ? '' : (values[description] ?? ''),
    };
  });
}

function errorsOf(table: Tokens.Table): RunbookError[] {
  const header = cells(table.header);
  const code = Math.max(0, columnIndex(header, 'code', 'error'));
  const status = columnIndex(header, 'http', 'status');
  const meaning = columnIndex(header, 'meaning', 'description');
  const action = columnIndex(header, 'what to do', 'action', 'resolution');
  return table.rows.map((row) => {
    const values = cells(row);
    const parsed = status === -1 ? Number.NaN : Number.parseInt(values[status] ?? '', 10);
    return {
      code: values[code] ?? '',
      ...(Number.isFinite(parsed) ? { status: parsed } : {}),
      meaning: meaning === -1 ? '' : (values[meaning] ?? ''),
      action: action === -1 ? '' : (values[action] ?? ''),
    };
  });
}

interface Section {
  readonly heading: string;
  readonly tokens: Token[];
}

/** Splits the document into its level-2 sections. */
function sections(tokens: readonly Token[]): { title: string; sections: Section[] } {
  let title = '';
  const found: Section[] = [];
  for (const token of tokens) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      if (heading.depth === 1 && !title) title = heading.text;
      if (heading.depth === 2) {
        found.push({ heading: heading.text, tokens: [] });
        continue;
      }
    }
    found.at(-1)?.tokens.push(token);
  }
  return { title, sections: found };
}

/**
 * Reads auth.md into runbook steps: each `## N. Title` section is a step; its first inline code
 * span of the form `METHOD /path` is the call it makes, and a table whose first column is Field or
 * Name lists the fields. `## Errors` and `## Scopes` tables give the error model and the scopes.
 */
export function readRunbook(markdown: string, documentUrl: string): { runbook: Runbook; problems: string[] } {
  const problems: string[] = [];
  const { title, sections: parts } = sections(lexer(markdown));
  const steps: RunbookStep[] = [];
  let errors: RunbookError[] = [];
  let scopes: { name: string; grants: string }[] = [];
  for (const part of parts) {
    const numbered = /^(\d+)[.)]\s*(.+)$/.exec(part.heading);
    const tables = part.tokens.filter((token): token is Tokens.Table => token.type === 'table');
    if (!numbered) {
      if (/^errors?\b/i.test(part.heading) && tables[0]) errors = errorsOf(tables[0]);
      if (/^scopes?\b/i.test(part.heading) && tables[0]) {
        scopes = tables[0].rows.map((row) => {
          const [name = '', grants = ''] = cells(row);
          return { name, grants };
        });
      }
      continue;
    }
    const endpointText = inlineCode(part.tokens).find((code) => ENDPOINT.test(code.trim()));
    const match = endpointText ? ENDPOINT.exec(endpointText.trim()) : null;
    let endpoint: RunbookStep['endpoint'];
    if (match) {
      try {
        const url = new URL(match[2] as string, documentUrl).href;
        endpoint = { method: match[1] as HttpMethod, path: match[2] as string, url };
      } catch {
        problems.push(`step "${part.heading}" names an endpoint that is not a path`);
      }
    }
    const fields = tables.map(fieldsOf).find((found) => found !== undefined) ?? [];
    const stepTitle = (numbered[2] as string).trim();
    steps.push({
      number: Number(numbered[1]),
      title: stepTitle,
      kind: classify(stepTitle, endpoint?.path),
      ...(endpoint ? { endpoint } : {}),
      fields,
      text: part.tokens
        .filter((token) => token.type === 'paragraph' || token.type === 'list')
        .map((token) => token.raw.trim())
        .join('\n\n'),
    });
  }
  if (steps.length === 0) problems.push('no numbered steps (## N. Title) were found');
  return { runbook: { url: documentUrl, title, steps, errors, scopes }, problems };
}
