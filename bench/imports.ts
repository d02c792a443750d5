/**
 * Import cost of each entry point of the built package (`dist/`, ESM): the wall time of a fresh
 * node process that imports it against one that imports nothing (median of several), its size on
 * disk with the chunks it imports statically against the whole package, and which optional peer
 * packages its module graph pulls in, recorded by a resolve hook in a fresh process. The claims:
 * the core loads no framework, and `/langchain` does not load `ai`.
 *
 * Needs `npm run build` first (`npm run bench` does it).
 * Run: npx tsx bench/imports.ts
 * @module
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadedPackages, processMs } from './imports/fresh-process.js';
import { sizeOf, staticGraph } from './imports/static-graph.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';
import { median } from './support/stats.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(ROOT, 'dist');
const RUNS = 5;
const KIB = 1024;

/** The optional peers whose loading matters. */
const WATCHED = [
  'ai',
  '@langchain/core',
  'langchain',
  '@modelcontextprotocol/sdk',
  '@ai-sdk/provider',
  'redis',
  // Optional too, and loaded only when something counts tokens, never by an import.
  'gpt-tokenizer',
];

interface Entry {
  /** How users import it. */
  readonly specifier: string;
  readonly file: string;
  /** Watched packages it must not load. */
  readonly mustNotLoad?: readonly string[];
}

const ENTRIES: readonly Entry[] = [
  { specifier: 'generation-agent-toolkit', file: 'index.js', mustNotLoad: WATCHED },
  { specifier: '/ai-sdk', file: 'ai-sdk.js' },
  { specifier: '/langchain', file: 'langchain.js', mustNotLoad: ['ai'] },
  { specifier: '/mcp', file: 'mcp.js' },
  { specifier: '/provider', file: 'provider.js' },
];

/** The newest modification time under `folder`, in ms. */
function newestChange(folder: string): number {
  let newest = 0;
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }))
    newest = Math.max(newest, statSync(join(folder, name)).mtimeMs);
  return newest;
}

function checkBuild(): void {
  const index = join(DIST, 'index.js');
  if (!existsSync(index))
    throw new Error('dist/ is missing: run `npm run build` first (npm run bench does).');
  if (statSync(index).mtimeMs < newestChange(join(ROOT, 'src')))
    console.warn('bench/imports: dist/ is older than src/; run `npm run build` for current figures.');
}

/** Every JavaScript file the ESM build ships (the CLI aside). */
function wholePackage(): string[] {
  return readdirSync(DIST)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(DIST, name));
}

async function entryFigures(entry: Entry, bareMs: number, packageBytes: number): Promise<BenchFigure[]> {
  const file = join(DIST, entry.file);
  const times: number[] = [];
  for (let round = 0; round < RUNS; round += 1) times.push(await processMs(file));
  const packages = await loadedPackages(file);
  const loaded = packages.filter((name) => WATCHED.includes(name));
  const forbidden = loaded.filter((name) => entry.mustNotLoad?.includes(name));
  const graph = staticGraph(file);
  return [
    figure({
      name: `${entry.specifier}: fresh process that imports it`,
      value: median(times),
      unit: 'ms',
      baseline: { name: 'fresh process importing nothing', value: bareMs },
      note: `loads ${packages.length} packages`,
    }),
    figure({
      name: `${entry.specifier}: size with its ${graph.length - 1} chunks`,
      value: sizeOf(graph) / KIB,
      unit: 'KiB',
      baseline: { name: 'the whole package (ESM)', value: packageBytes / KIB },
    }),
    figure({
      name: `${entry.specifier}: optional peers loaded`,
      value: loaded.length,
      unit: 'packages',
      note: entry.mustNotLoad
        ? `${loaded.join(', ') || 'none'}; must not load ${entry.mustNotLoad.join(', ')}`
        : loaded.join(', ') || 'none',
      ...(entry.mustNotLoad ? { pass: forbidden.length === 0 } : {}),
    }),
  ];
}

export async function run(): Promise<BenchSection> {
  checkBuild();
  const bare: number[] = [];
  for (let round = 0; round < RUNS; round += 1) bare.push(await processMs(undefined));
  const bareMs = median(bare);
  const packageBytes = sizeOf(wholePackage());
  const figures: BenchFigure[] = [];
  for (const entry of ENTRIES) figures.push(...(await entryFigures(entry, bareMs, packageBytes)));
  return { id: 'imports', title: 'Import cost', figures };
}

await runDirectly(import.meta.url, run);
