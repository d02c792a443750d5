/**
 * The README is a first page, read in ten minutes: what the toolkit is, the install, the two
 * commands and the quick starts. The reference lives in docs/, one page per topic, each linked
 * from the README's table; every relative link of the README and of docs/ leads to a file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../examples/run-example.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pages = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

/** Relative link targets of a Markdown document, without their anchors. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] as string).split('#')[0] as string)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('the README', () => {
  it('is read in ten minutes: about 2,500 words at most', () => {
    const words = readme.split(/\s+/).filter(Boolean).length;
    expect(words).toBeLessThanOrEqual(2_500);
  });

  it('shows its first command within its first 40 lines', () => {
    const lines = readme.split('\n');
    const firstFence = lines.findIndex((line) => /^```(sh|bash|shell)\b/.test(line));
    expect(firstFence).toBeGreaterThanOrEqual(0);
    expect(firstFence + 2, 'the line of the first command').toBeLessThanOrEqual(40);
    expect(lines[firstFence + 1]).toMatch(/^npm install /);
  });

  it('names in Install the majors of the frameworks this repository tests with', () => {
    const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('## Two commands'));
    const pinned = [...install.matchAll(/`npm install ([^`]+)`/g)].flatMap((match) =>
      (match[1] as string).split(/\s+/).filter((word) => word.includes('@^')),
    );
    expect(pinned.length).toBeGreaterThanOrEqual(5);
    for (const specifier of pinned) {
      const at = specifier.lastIndexOf('@^');
      const name = specifier.slice(0, at);
      const major = specifier.slice(at + 2);
      const installed = JSON.parse(
        readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'),
      ) as {
        version: string;
      };
      expect(installed.version.split('.')[0], `${name} in the Install section`).toBe(major);
    }
  });

  it('links every page of docs/ from its table', () => {
    const links = relativeLinks(readme);
    for (const page of pages) expect(links, `README.md does not link ${page}`).toContain(page);
    expect(links).toContain('bench/RESULTS.md');
  });

  it.each(['README.md', ...pages])('%s links only to files that exist', (document) => {
    const text = readFileSync(join(ROOT, document), 'utf8');
    const missing = relativeLinks(text).filter(
      (target) => !existsSync(join(ROOT, dirname(document), target)),
    );
    expect(missing).toEqual([]);
  });
});
