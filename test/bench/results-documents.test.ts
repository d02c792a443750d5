/**
 * The benchmark figures people read are the bench's own output: `bench/RESULTS.md` and the
 * README's headline ratios are what `npm run bench` writes from `bench/results.json`, never a
 * table edited by hand or left behind by an earlier run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BLOCK_END, BLOCK_START } from '../../bench/support/readme-block.js';
import { HEADLINE_RATIOS, headlineBlock, resultsDocument } from '../../bench/support/results-documents.js';
import type { BenchResults } from '../../bench/support/results-file.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const results = JSON.parse(read('bench/results.json')) as BenchResults;

describe('the benchmark documents', () => {
  it('bench/RESULTS.md is the table of bench/results.json, every section of it', () => {
    const document = read('bench/RESULTS.md');
    expect(document).toBe(resultsDocument(results));
    for (const section of results.sections) expect(document).toContain(`**${section.title}**`);
  });

  it('the README quotes the five headline ratios of bench/results.json, each one measured', () => {
    const readme = read('README.md');
    const block = readme.slice(readme.indexOf(BLOCK_START) + BLOCK_START.length, readme.indexOf(BLOCK_END));
    expect(block.trim()).toBe(headlineBlock(results).trim());
    expect(HEADLINE_RATIOS).toHaveLength(5);
    expect(block).not.toContain('not measured');
    expect(block.match(/^- \*\*[\d.]+x\*\*/gm)).toHaveLength(5);
  });

  it('says which ratios are missing rather than inventing them', () => {
    const empty: BenchResults = { ...results, sections: [] };
    expect(headlineBlock(empty).match(/not measured/g)).toHaveLength(5);
  });
});
