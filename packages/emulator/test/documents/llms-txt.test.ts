import { describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import { getDocument, useEmulator } from './emulator-fixture.js';
import { sectionsOf } from './markdown-reading.js';

const emulator = useEmulator();
const LINK_ITEM = /^- \[[^\]]+\]\((https?:\/\/[^)\s]+)\)(: .+)?$/;

/** Checks the llmstxt.org shape: H1, blockquote, free paragraphs, then H2 sections of link lists. */
function expectLlmsTxtShape(text: string): void {
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^# \S/);
  const firstContent = lines.slice(1).find((line) => line.trim() !== '');
  expect(firstContent).toMatch(/^> \S/);
  const firstSection = lines.findIndex((line) => line.startsWith('## '));
  expect(lines.slice(0, firstSection).some((line) => /^#{2,}/.test(line))).toBe(false);
  for (const section of sectionsOf(text)) {
    const items = section.body.split('\n').filter((line) => line.trim() !== '');
    expect(items.length, section.heading).toBeGreaterThan(0);
    for (const item of items) expect(item, section.heading).toMatch(LINK_ITEM);
  }
}

describe('GET /llms.txt', () => {
  it('follows the llms.txt structure, with absolute links on the origin', async () => {
    const { text } = await getDocument(emulator.current, '/llms.txt');
    expectLlmsTxtShape(text);
    for (const match of text.matchAll(/\]\((https?:[^)]+)\)/g)) {
      expect(match[1]?.startsWith(emulator.current.url)).toBe(true);
    }
    for (const path of [
      '/openapi.json',
      '/agents-openapi.json',
      '/auth.md',
      '/models-feed',
      '/.well-known/api-catalog',
    ]) {
      expect(text).toContain(`](${emulator.current.url}${path})`);
    }
    expect(sectionsOf(text).at(-1)?.heading).toBe('Optional');
  });
});

describe('GET /llms-full.txt', () => {
  it('adds every operation of both surfaces with method, path, summary and scope', async () => {
    const { text } = await getDocument(emulator.current, '/llms-full.txt');
    expectLlmsTxtShape(text);
    for (const operation of GENERATION_OPERATIONS) {
      expect(text).toContain(`[${operation.operationId}](`);
      expect(text).toContain(`${operation.method} ${operation.path}: ${operation.summary}.`);
    }
    for (const operation of CONTROL_PLANE_OPERATIONS) {
      const line = text
        .split('\n')
        .find((candidate) => candidate.startsWith(`- [${operation.operationId}](`));
      expect(line).toContain(`${operation.method} ${operation.path}: ${operation.summary}.`);
      expect(line).toContain(`scope: ${operation.requiredScope ?? 'none'}`);
    }
  });

  it('repeats everything llms.txt says', async () => {
    const short = (await getDocument(emulator.current, '/llms.txt')).text;
    const full = (await getDocument(emulator.current, '/llms-full.txt')).text;
    for (const line of short.split('\n')) expect(full).toContain(line);
  });
});
