import { describe, expect, it } from 'vitest';
import { type BenchSection, figure } from '../../bench/section.js';
import { formatMarkdownTable, formatTextTable } from '../../bench/support/format-table.js';
import { BLOCK_END, BLOCK_START, replaceBenchBlock } from '../../bench/support/readme-block.js';
import { mergeSections } from '../../bench/support/results-file.js';
import { run as runTokens } from '../../bench/tokens.js';

/** Every figure has a finite value and, with a baseline, the ratio value / baseline. */
function expectConsistent(section: BenchSection): void {
  expect(section.figures.length).toBeGreaterThan(0);
  for (const entry of section.figures) {
    expect(entry.name.length, JSON.stringify(entry)).toBeGreaterThan(0);
    expect(entry.unit.length, entry.name).toBeGreaterThan(0);
    expect(Number.isFinite(entry.value), entry.name).toBe(true);
    if (entry.baseline === undefined) {
      expect(entry.ratio, entry.name).toBeUndefined();
      continue;
    }
    expect(Number.isFinite(entry.baseline.value), entry.name).toBe(true);
    if (entry.baseline.value === 0) expect(entry.ratio, entry.name).toBeUndefined();
    else expect(entry.ratio, entry.name).toBeCloseTo(entry.value / entry.baseline.value, 9);
  }
}

describe('the benchmark contract', () => {
  it('measures tool-definition tokens per profile against the naive conversion, with consistent ratios', async () => {
    const section = await runTokens();
    expect(section.id).toBe('tokens');
    expectConsistent(section);
    const named = (pattern: RegExp) => section.figures.filter((entry) => pattern.test(entry.name));
    for (const profile of ['default', 'openai-strict', 'gemini', 'anthropic']) {
      const [typed, dynamic, auto] = named(new RegExp(`^${profile}: `));
      // Every operation typed still costs less than the raw schemas; dynamic is nearly free.
      expect(typed?.ratio, profile).toBeLessThan(1);
      expect(dynamic?.value, profile).toBeLessThan(1_000);
      expect(auto?.value, profile).toBeLessThan(typed?.value ?? 0);
    }
    expect(named(/real production OpenAPI/)).toHaveLength(1);
  }, 60_000);

  it('leaves the ratio out when the baseline is zero, so that every ratio is finite', () => {
    expect(figure({ name: 'delay', value: 1.2, unit: 's', baseline: { name: 'minimum', value: 0 } })).toEqual(
      {
        name: 'delay',
        value: 1.2,
        unit: 's',
        baseline: { name: 'minimum', value: 0 },
      },
    );
    expect(
      figure({ name: 'fetches', value: 3, unit: 'fetches', baseline: { name: 'cli', value: 12 } }).ratio,
    ).toBe(0.25);
  });

  it('rewrites only the README block between the markers, and nothing without them', () => {
    const readme = `# Title\n\nIntro.\n\n${BLOCK_START}\nold table\n${BLOCK_END}\n\nAfter.\n`;
    expect(replaceBenchBlock(readme, '| new |\n')).toBe(
      `# Title\n\nIntro.\n\n${BLOCK_START}\n| new |\n${BLOCK_END}\n\nAfter.\n`,
    );
    expect(replaceBenchBlock('# Title\n', 'table')).toBeUndefined();
    expect(replaceBenchBlock(`${BLOCK_END}\n${BLOCK_START}\n`, 'table')).toBeUndefined();
  });

  it('prints sections as text and Markdown tables, skipped and failed ones included', () => {
    const sections: BenchSection[] = [
      {
        id: 'a',
        title: 'Alpha',
        figures: [
          figure({ name: 'x | y', value: 2, unit: 'ms', baseline: { name: 'raw', value: 4 } }),
          figure({ name: 'held', value: 0, unit: '429s', pass: false }),
        ],
      },
      { id: 'b', title: 'Beta', figures: [], skipped: 'redis-server is not installed' },
      { id: 'c', title: 'Gamma', figures: [], failed: 'boom' },
    ];
    const markdown = formatMarkdownTable(sections).split('\n');
    expect(markdown[0]).toBe('| section | figure | value | baseline (same run) | ratio | note |');
    expect(markdown[2]).toBe('| **Alpha** | x \\| y | 2 ms | 4 (raw) | 0.50x |  |');
    expect(markdown[3]).toContain('| held ✗ FAILED | 0 429s |');
    expect(markdown[3]?.startsWith('|  |')).toBe(true);
    expect(markdown[4]).toContain('skipped: redis-server is not installed');
    expect(markdown[5]).toContain('FAILED: boom');
    const text = formatTextTable(sections);
    expect(text).toContain('Alpha');
    expect(text).toContain('0.50x');
  });

  it('keeps previous sections when only some ran, in the runner order', () => {
    const old = (id: string, value: number): BenchSection => ({
      id,
      title: id,
      figures: [figure({ name: 'v', value, unit: 'n' })],
    });
    const merged = mergeSections([old('b', 1), old('a', 1)], [old('b', 2)], ['a', 'b']);
    expect(merged.map((section) => [section.id, section.figures[0]?.value])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });
});
