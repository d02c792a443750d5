import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EXIT, EXIT_CODES_TEXT } from '../src/exit-codes.js';

const readme = () => readFile(new URL('../../../docs/cli.md', import.meta.url), 'utf8');
const oneLine = (text: string) => text.replaceAll(/\s+/g, ' ');

describe('the CLI page, docs/cli.md', () => {
  it('lists the exit codes as gentk --help does, every one of them', async () => {
    const text = oneLine(await readme());
    expect(text).toContain(oneLine(EXIT_CODES_TEXT));
    for (const code of Object.values(EXIT)) expect(EXIT_CODES_TEXT).toMatch(new RegExp(`\\b${code} [a-z]`));
  });
});
