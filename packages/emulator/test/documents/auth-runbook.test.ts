import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { ERROR_CODES } from '../../src/catalogue/error-codes.js';
import { CONTROL_PLANE_SCOPES } from '../../src/catalogue/scopes.js';
import type { JsonSchema } from '../../src/catalogue/types.js';
import { getDocument, useEmulator } from './emulator-fixture.js';
import { firstCodeSpan, type MarkdownSection, sectionsOf, tablesOf } from './markdown-reading.js';

const emulator = useEmulator();
let markdown: string;
let sections: MarkdownSection[];

beforeAll(async () => {
  const { response, text } = await getDocument(emulator.current, '/auth.md');
  expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  markdown = text;
  sections = sectionsOf(text);
});

/** The steps in order, with the control-plane operation each calls (a string: a call outside the catalogue). */
const STEPS: ReadonlyArray<readonly [title: string, call: string | null]> = [
  ['Discover', 'GET /.well-known/api-catalog'],
  ['Sign up', 'post_auth_signup'],
  ['Claim the account', null],
  ['Verify the e-mail', 'post_auth_verify_email'],
  ['Exchange credentials for a scoped token', 'post_auth_login'],
  ['Revoke the claim token', 'post_auth_logout'],
  ['Create a generation key', 'post_api_keys'],
  ['Refresh', 'post_auth_refresh'],
  ['Revoke', 'post_auth_logout'],
];

const operation = (operationId: string) =>
  CONTROL_PLANE_OPERATIONS.find((candidate) => candidate.operationId === operationId);

const section = (heading: string) =>
  sections.find((candidate) => candidate.heading === heading) as MarkdownSection;

describe('GET /auth.md', () => {
  it('starts with a title and has the steps in order, then Errors and Scopes', () => {
    expect(markdown.split('\n')[0]).toMatch(/^# \S/);
    expect(sections.map((candidate) => candidate.heading)).toEqual([
      ...STEPS.map(([title], index) => `${index + 1}. ${title}`),
      'Errors',
      'Scopes',
    ]);
  });

  it.each(STEPS.map(([title, call], index) => [`${index + 1}. ${title}`, call] as const))(
    'step "%s" names its call first and tables the fields of the catalogue',
    (heading, call) => {
      const { body } = section(heading);
      if (call === null) {
        expect(firstCodeSpan(body)).not.toMatch(/^(GET|POST|PUT|PATCH|DELETE) \//);
        return;
      }
      const target = operation(call);
      expect(firstCodeSpan(body)).toBe(target ? `${target.method} ${target.path}` : call);
      const schema = target?.body as JsonSchema | undefined;
      const properties = Object.keys((schema?.properties ?? {}) as JsonSchema);
      const tables = tablesOf(body);
      if (properties.length === 0) {
        expect(tables).toEqual([]);
        return;
      }
      expect(tables).toHaveLength(1);
      const [header, ...rows] = tables[0] as string[][];
      expect(header).toEqual(['Field', 'Type', 'Required', 'Description']);
      const required = new Set((schema?.required ?? []) as string[]);
      expect(rows.map((row) => [row[0], row[2]])).toEqual(
        properties.map((name) => [name, required.has(name) ? 'yes' : 'no']),
      );
      for (const row of rows) expect(row[3]?.length).toBeGreaterThan(0);
    },
  );

  it('explains the claim: the e-mailed 6-digit code, and the emulator mailbox', () => {
    const { body } = section('3. Claim the account');
    expect(body).toContain('6-digit');
    expect(body).toContain('/_emulator/mailbox?email=');
  });

  it('asks for the fewest scopes at login and says what omitting them means', () => {
    const { body } = section('5. Exchange credentials for a scoped token');
    expect(body).toContain('fewest');
    expect(body).toMatch(/Omitted, `scopes` means `\*`/);
  });

  it('tables every error code of the control plane', () => {
    const [table] = tablesOf(section('Errors').body);
    const [header, ...rows] = table as string[][];
    expect(header).toEqual(['Code', 'HTTP status', 'Meaning', 'What to do']);
    expect(rows.map((row) => [row[0], Number(row[1])])).toEqual(
      ERROR_CODES.map((error) => [error.code, error.status]),
    );
  });

  it('tables the scope catalogue, * first', () => {
    const [table] = tablesOf(section('Scopes').body);
    const [, ...rows] = table as string[][];
    expect(rows.map((row) => row[0])).toEqual(['*', ...CONTROL_PLANE_SCOPES.map((scope) => scope.name)]);
  });
});
