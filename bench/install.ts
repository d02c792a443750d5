/**
 * Install weight: packs the library (`npm pack`), installs the tarball into empty folders offline
 * from the npm cache, as a user would, and reports the installed size and package count of the
 * library alone and beside each framework (against the framework alone), and the time a fresh
 * process takes to import each entry (against importing its framework alone, median of several).
 *
 * The library alone is measured twice: with today's dependencies, and without those that only the
 * emulator and the CLI import (read from the sources, see install/library-dependencies.ts), which
 * is the library once they are packages of their own. The framework figures use the latter.
 * Targets of issue 16: the library alone at most 15 MB and 25 packages.
 *
 * Needs `npm run build` first (`npm run bench` does it) and the frameworks in the npm cache (an
 * `npm ci` of this repository puts them there). Every folder it makes is removed.
 * Run: npx tsx bench/install.ts
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importMsIn, outputIn } from './imports/fresh-process.js';
import { dependencyWeights, type InstalledWeight, installedWeight } from './install/installed-weight.js';
import { splitDependencies } from './install/library-dependencies.js';
import { createNpmSandbox, type NpmSandbox } from './install/npm-sandbox.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';
import { median } from './support/stats.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RUNS = 5;
const MB = 1_000_000;
const TARGET_MB = 15;
const TARGET_PACKAGES = 25;
const LIBRARY = 'generation-agent-toolkit';

interface Manifest {
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
  readonly exports: Record<string, unknown>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

/** A framework as users install it, and the entries of the library that sit on it. */
interface Framework {
  readonly label: string;
  /** Packages to install, at the ranges this repository develops against. */
  readonly packages: readonly string[];
  /** Each entry, with the framework module it loads, imported alone as the baseline. */
  readonly entries: readonly { readonly entry: string; readonly framework: string }[];
}

const FRAMEWORKS: readonly Framework[] = [
  {
    label: 'ai',
    packages: ['ai'],
    entries: [
      { entry: `${LIBRARY}/ai-sdk`, framework: 'ai' },
      { entry: `${LIBRARY}/provider`, framework: '@ai-sdk/provider-utils' },
    ],
  },
  {
    label: 'langchain + @langchain/core',
    packages: ['langchain', '@langchain/core'],
    entries: [{ entry: `${LIBRARY}/langchain`, framework: '@langchain/core/tools' }],
  },
  {
    label: '@modelcontextprotocol/sdk',
    packages: ['@modelcontextprotocol/sdk'],
    entries: [{ entry: `${LIBRARY}/mcp`, framework: '@modelcontextprotocol/sdk/server/index.js' }],
  },
];

/** `name@range` as this repository develops against it, so that the npm cache has it. */
function pinned(name: string): string {
  const range = manifest.devDependencies[name];
  if (range === undefined) throw new Error(`${name} is not a devDependency of this repository`);
  return `${name}@${range}`;
}

async function medianImportMs(project: string, specifiers: readonly string[]): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < RUNS; round += 1) times.push(await importMsIn(project, specifiers));
  return median(times);
}

const megabytes = (weight: InstalledWeight) => weight.bytes / MB;

/** The heaviest package folders of an install, for the note of its size. */
function heaviest(weight: InstalledWeight, count: number): string {
  return [...weight.bytesByPackage]
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${(bytes / MB).toFixed(1)}`)
    .join(', ');
}

function aloneFigures(label: string, weight: InstalledWeight, withTargets: boolean): BenchFigure[] {
  const targets = (what: string) => (withTargets ? `; target at most ${what}` : '');
  return [
    figure({
      name: `library alone, ${label}: installed size`,
      value: megabytes(weight),
      unit: 'MB',
      note: `heaviest (MB): ${heaviest(weight, 5)}${targets(`${TARGET_MB} MB`)}`,
      ...(withTargets ? { pass: megabytes(weight) <= TARGET_MB } : {}),
    }),
    figure({
      name: `library alone, ${label}: packages`,
      value: weight.packages,
      unit: 'packages',
      note: `the library included${targets(`${TARGET_PACKAGES}`)}`,
      ...(withTargets ? { pass: weight.packages <= TARGET_PACKAGES } : {}),
    }),
  ];
}

/**
 * Which counter `loadTokenCounter()` gives in a project without the optional peer gpt-tokenizer,
 * through the ESM and the CommonJS build.
 */
async function counterWithoutPeer(project: string): Promise<BenchFigure> {
  const esm = await outputIn(
    project,
    `const { loadTokenCounter } = await import('${LIBRARY}'); console.log((await loadTokenCounter()).method);`,
    'module',
  );
  const cjs = await outputIn(
    project,
    `require('${LIBRARY}').loadTokenCounter().then((counter) => console.log(counter.method));`,
    'commonjs',
  );
  const estimating = [esm, cjs].filter((method) => method === 'estimate').length;
  return figure({
    name: 'token counter without gpt-tokenizer installed: the estimate, in ESM and CommonJS',
    value: estimating,
    unit: 'builds',
    note: `ESM: ${esm}, CommonJS: ${cjs}`,
    pass: estimating === 2,
  });
}

async function frameworkFigures(
  sandbox: NpmSandbox,
  library: string,
  framework: Framework,
): Promise<BenchFigure[]> {
  const specs = framework.packages.map(pinned);
  const alone = await sandbox.install(`${framework.label} alone`, specs);
  const beside = await sandbox.install(`${framework.label} with the library`, [library, ...specs]);
  const aloneWeight = installedWeight(alone);
  const besideWeight = installedWeight(beside);
  const figures = [
    figure({
      name: `with ${framework.label}: installed size`,
      value: megabytes(besideWeight),
      unit: 'MB',
      baseline: { name: `${framework.label} alone`, value: megabytes(aloneWeight) },
      note: `the library adds ${(megabytes(besideWeight) - megabytes(aloneWeight)).toFixed(1)} MB`,
    }),
    figure({
      name: `with ${framework.label}: packages`,
      value: besideWeight.packages,
      unit: 'packages',
      baseline: { name: `${framework.label} alone`, value: aloneWeight.packages },
    }),
  ];
  for (const { entry, framework: module } of framework.entries)
    figures.push(
      figure({
        name: `import ${entry.replace(LIBRARY, '')} (fresh process, median of ${RUNS})`,
        value: await medianImportMs(beside, [entry]),
        unit: 'ms',
        baseline: { name: `importing ${module} alone`, value: await medianImportMs(beside, [module]) },
      }),
    );
  return figures;
}

export async function run(): Promise<BenchSection> {
  const split = splitDependencies(join(ROOT, 'src'), Object.keys(manifest.dependencies));
  const sandbox = await createNpmSandbox(ROOT);
  try {
    const narrowed = await sandbox.repack(split.library);
    const today = await sandbox.install('library today', [sandbox.tarball]);
    const alone = await sandbox.install('library alone', [narrowed]);
    const figures: BenchFigure[] = [
      ...aloneFigures(
        `today's ${Object.keys(manifest.dependencies).length} dependencies`,
        installedWeight(today),
        false,
      ),
      ...aloneFigures(
        split.besideTheLibrary.length === 0
          ? 'its dependencies'
          : `without ${split.besideTheLibrary.join(', ')} (the emulator's and the CLI's)`,
        installedWeight(alone),
        true,
      ),
    ];
    for (const dependency of dependencyWeights(alone, LIBRARY).sort((a, b) => b.bytes - a.bytes))
      figures.push(
        figure({
          name: `library alone: ${dependency.name}, with what it pulls in`,
          value: dependency.bytes / MB,
          unit: 'MB',
          note: `${dependency.packages} packages`,
        }),
      );
    const bareMs = await medianImportMs(alone, []);
    figures.push(
      figure({
        name: `import ${LIBRARY} (fresh process, median of ${RUNS})`,
        value: await medianImportMs(alone, [LIBRARY]),
        unit: 'ms',
        baseline: { name: 'a process importing nothing', value: bareMs },
      }),
      await counterWithoutPeer(alone),
    );
    // While the emulator is still an entry of the library (issue 16 makes it a package of its own).
    if ('./emulator' in manifest.exports)
      figures.push(
        figure({
          name: `import /emulator (fresh process, median of ${RUNS})`,
          value: await medianImportMs(today, [`${LIBRARY}/emulator`]),
          unit: 'ms',
          baseline: { name: 'a process importing nothing', value: bareMs },
          note: "installed with today's dependencies, which hold the emulator's",
        }),
      );
    for (const framework of FRAMEWORKS)
      figures.push(...(await frameworkFigures(sandbox, narrowed, framework)));
    return { id: 'install', title: 'Install weight', figures };
  } finally {
    sandbox.remove();
  }
}

await runDirectly(import.meta.url, run);
