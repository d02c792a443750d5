/**
 * `npm run bench`: runs every benchmark section, prints one table, writes `bench/results.json`,
 * the whole table as `bench/RESULTS.md`, and the five headline ratios into the README's block
 * between `<!-- bench:start -->` and `<!-- bench:end -->`.
 *
 * Options:
 * - `--only <ids>`: comma-separated section ids (tokens, discovery, throughput, polling,
 *   dialects, overhead, imports, spend, install, webhooks, telemetry, multi-process); the others keep their previous results.
 *
 * Exits 1 when a section fails or a claim's proof does not hold.
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchSection } from './section.js';
import { formatTextTable } from './support/format-table.js';
import { BLOCK_END, BLOCK_START, replaceBenchBlock } from './support/readme-block.js';
import { headlineBlock, resultsDocument } from './support/results-documents.js';
import {
  type BenchResults,
  machineInfo,
  mergeSections,
  previousSections,
  writeResults,
} from './support/results-file.js';
import { SECTIONS, type SectionEntry } from './support/sections.js';

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const RESULTS_DOCUMENT = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));

const { values } = parseArgs({
  options: { only: { type: 'string', multiple: true } },
});
const wanted = values.only?.flatMap((list) => list.split(',')).map((id) => id.trim());
const unknown = wanted?.filter((id) => !SECTIONS.some((section) => section.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown section ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const chosen = SECTIONS.filter((section) => wanted === undefined || wanted.includes(section.id));

async function runSection(entry: SectionEntry): Promise<BenchSection> {
  const ranAt = new Date().toISOString();
  const reason = entry.unavailable?.();
  if (reason !== undefined) {
    console.log(`${entry.title}: skipped (${reason})`);
    return { id: entry.id, title: entry.title, figures: [], ranAt, skipped: reason };
  }
  const started = performance.now();
  try {
    const section = await (await entry.load()).run();
    const elapsedMs = performance.now() - started;
    console.log(`${section.title}: ${(elapsedMs / 1000).toFixed(1)} s`);
    return { ...section, elapsedMs, ranAt };
  } catch (error) {
    const elapsedMs = performance.now() - started;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${entry.title}: FAILED after ${(elapsedMs / 1000).toFixed(1)} s: ${message}`);
    return { id: entry.id, title: entry.title, figures: [], elapsedMs, ranAt, failed: message };
  }
}

const started = performance.now();
const fresh: BenchSection[] = [];
for (const entry of chosen) fresh.push(await runSection(entry));
const elapsedMs = performance.now() - started;

const machine = machineInfo();
const sections = mergeSections(
  wanted === undefined ? [] : previousSections(RESULTS),
  fresh,
  SECTIONS.map((section) => section.id),
);
const results: BenchResults = { generatedAt: new Date().toISOString(), machine, elapsedMs, sections };
writeResults(RESULTS, results);
writeFileSync(RESULTS_DOCUMENT, resultsDocument(results));

console.log(`\n${formatTextTable(fresh)}\n`);
console.log(
  `Ran ${fresh.length} sections in ${(elapsedMs / 1000).toFixed(1)} s on Node ${machine.node}, ${machine.cpus} CPUs (${machine.cpuModel}); wrote bench/results.json.`,
);

const updated = replaceBenchBlock(readFileSync(README, 'utf8'), headlineBlock(results));
if (updated === undefined)
  console.log(
    `README.md has no ${BLOCK_START} … ${BLOCK_END} block: the headline ratios were not written there.`,
  );
else {
  writeFileSync(README, updated);
  console.log('Wrote bench/RESULTS.md and the headline ratios in README.md.');
}

const failedProofs = fresh.flatMap((section) =>
  section.figures
    .filter((figure) => figure.pass === false)
    .map((figure) => `${section.title}: ${figure.name}`),
);
for (const proof of failedProofs) console.error(`Claim not held: ${proof}`);
if (failedProofs.length > 0 || fresh.some((section) => section.failed !== undefined)) process.exitCode = 1;
