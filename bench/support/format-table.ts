/**
 * The benchmark table, as plain text for the terminal and as Markdown for the README.
 * @module
 */
import type { BenchFigure, BenchSection } from '../section.js';

/** A number for people: no more digits than the value deserves. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude === 0 || Number.isInteger(value)) return value.toLocaleString('en-US');
  if (magnitude >= 100) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toPrecision(2);
}

function ratioText(figure: BenchFigure): string {
  return figure.ratio === undefined ? '' : `${formatNumber(figure.ratio)}x`;
}

function baselineText(figure: BenchFigure): string {
  return figure.baseline === undefined
    ? ''
    : `${formatNumber(figure.baseline.value)} (${figure.baseline.name})`;
}

/** Rows of the table: section title, figure, value with unit, baseline, ratio, note. */
export function tableRows(sections: readonly BenchSection[]): string[][] {
  const rows: string[][] = [];
  for (const section of sections) {
    const notRun =
      section.failed !== undefined
        ? `FAILED: ${section.failed}`
        : section.skipped !== undefined
          ? `skipped: ${section.skipped}`
          : undefined;
    if (notRun !== undefined) {
      rows.push([section.title, notRun, '', '', '', '']);
      continue;
    }
    for (const figure of section.figures) {
      const check = figure.pass === undefined ? '' : figure.pass ? ' ✓' : ' ✗ FAILED';
      rows.push([
        section.title,
        `${figure.name}${check}`,
        `${formatNumber(figure.value)} ${figure.unit}`,
        baselineText(figure),
        ratioText(figure),
        figure.note ?? '',
      ]);
    }
  }
  return rows;
}

const HEADER = ['section', 'figure', 'value', 'baseline (same run)', 'ratio', 'note'];

/** Rows with the section title only on each section's first row. */
function titledOnce(rows: readonly string[][], mark: (title: string) => string): string[][] {
  let previous = '';
  return rows.map(([title = '', ...rest]) => {
    const shown = title === previous ? '' : mark(title);
    previous = title;
    return [shown, ...rest];
  });
}

/** A fixed-width text table for the terminal. */
export function formatTextTable(sections: readonly BenchSection[]): string {
  const rows = [HEADER, ...titledOnce(tableRows(sections), (title) => title)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(HEADER), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join(
    '\n',
  );
}

const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|');

/** A Markdown table; the section title is written once, on its first row. */
export function formatMarkdownTable(sections: readonly BenchSection[]): string {
  const body = titledOnce(tableRows(sections), (title) => `**${title}**`).map(
    (row) => `| ${row.map(escapeCell).join(' | ')} |`,
  );
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => ' --- ').join('|')}|`, ...body].join('\n');
}
