/**
 * What `npm run bench` writes for people, from `bench/results.json`: the whole table as
 * `bench/RESULTS.md`, and the five headline ratios the README quotes between
 * `<!-- bench:start -->` and `<!-- bench:end -->`. Both are functions of the results file alone,
 * so that a test can tell when either was edited by hand or left behind by a run.
 * @module
 */
import type { BenchFigure } from '../section.js';
import { formatMarkdownTable, formatNumber } from './format-table.js';
import type { BenchResults } from './results-file.js';

/** A figure the README quotes: found by section id, figure name and baseline name. */
export interface HeadlineRatio {
  readonly section: string;
  readonly figure: string;
  readonly baseline: string;
  /** What the ratio means, in the README's words. */
  readonly says: string;
}

/** The five ratios the README quotes, each a claim of the toolkit against its baseline. */
export const HEADLINE_RATIOS: readonly HeadlineRatio[] = [
  {
    section: 'tokens',
    figure: 'default: dynamic mode (4 tools)',
    baseline: 'naive OpenAPI conversion, openai wire',
    says: 'tool-definition tokens of the dynamic tools against a naive OpenAPI conversion of every operation',
  },
  {
    section: 'tokens',
    figure: 'default: auto mode, budget 8,000',
    baseline: 'naive OpenAPI conversion, openai wire',
    says: 'tool-definition tokens of `auto` mode (typed tools within 8,000 tokens) against the same conversion',
  },
  {
    section: 'throughput',
    figure: 'requests sent per call served',
    baseline: 'naive client',
    says: 'requests per call under a quota, 50 callers, against a client that retries its 429s',
  },
  {
    section: 'polling',
    figure: 'video (30-120 s, 6 jobs): fetches per job',
    baseline: 'official SDK',
    says: "polls per video job against the official SDK's fixed interval",
  },
  {
    section: 'webhooks',
    figure: 'requests to the service per job',
    baseline: 'the same jobs polled',
    says: 'requests per job with a webhook receiver against polling',
  },
];

function findFigure(results: BenchResults, headline: HeadlineRatio): BenchFigure | undefined {
  const section = results.sections.find((candidate) => candidate.id === headline.section);
  return section?.figures.find(
    (figure) =>
      figure.name.startsWith(headline.figure) &&
      figure.ratio !== undefined &&
      (figure.baseline?.name.startsWith(headline.baseline) ?? false),
  );
}

/** The run's dates and machine, as the first line of both documents. */
export function measuredLine(results: BenchResults): string {
  const runs = [...new Set(results.sections.map((section) => section.ranAt?.slice(0, 10)).filter(Boolean))];
  const sectionsMs = results.sections.reduce((sum, section) => sum + (section.elapsedMs ?? 0), 0);
  const { machine } = results;
  return `Measured ${runs.join(', ')} on Node ${machine.node}, ${machine.cpus} CPUs (${machine.cpuModel}); the sections took ${Math.round(sectionsMs / 1000)} s. Each ratio is value / baseline, both measured in the same run.`;
}

/** `bench/RESULTS.md`: every figure of every section. */
export function resultsDocument(results: BenchResults): string {
  return [
    '# Benchmark results',
    '',
    '<!-- Written by `npm run bench` from bench/results.json; edit bench/, not this file. -->',
    '',
    'Each claim of the toolkit measured against a baseline in the same run (`npm run bench`; how the',
    'sections work: [CONTRIBUTING.md](../CONTRIBUTING.md#benchmark-it)). A figure marked ✓ proves a',
    'claim: the run fails when one does not hold.',
    '',
    measuredLine(results),
    '',
    formatMarkdownTable(results.sections),
    '',
  ].join('\n');
}

/** The README's block: the five headline ratios, each with its value and baseline. */
export function headlineBlock(results: BenchResults): string {
  const lines = HEADLINE_RATIOS.map((headline) => {
    const figure = findFigure(results, headline);
    if (figure?.ratio === undefined || figure.baseline === undefined)
      return `- (not measured: ${headline.section}, ${headline.figure})`;
    return `- **${formatNumber(figure.ratio)}x** ${headline.says} (${formatNumber(figure.value)} against ${formatNumber(figure.baseline.value)} ${figure.unit})`;
  });
  return [...lines, '', `${measuredLine(results)} Every figure: [bench/RESULTS.md](bench/RESULTS.md).`].join(
    '\n',
  );
}
