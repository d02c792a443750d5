/**
 * A folder outside the repository with the packed package, the frameworks its entries serve and
 * the runtimes themselves (Node 24, Deno, Bun, Miniflare's workerd, edge-runtime, esbuild), all
 * from npm, with the scenario scripts copied in and bundled for workerd and the edge runtime. The
 * runtime scenario (every-runtime.test.ts) and the cold-start bench share it: one install.
 * @module
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCENARIO = fileURLToPath(new URL('./scenario/', import.meta.url));
/** The repository's Node 22 (the `node` devDependency), which runs the scripts and the tests. */
export const NODE_22 = join(ROOT, 'node_modules', 'node', 'bin', 'node');

/** The runtimes and tools, each from npm at the major the docs state as tested. */
export const RUNTIME_PACKAGES = {
  node: '^24.0.0',
  deno: '^2.0.0',
  bun: '^1.2.0',
  miniflare: '^4.0.0',
  'edge-runtime': '^4.0.0',
  esbuild: '^0.28.0',
};

/** The frameworks of the entries the scenario runs, at the repository's tested versions. */
const FRAMEWORKS = [
  'ai',
  '@ai-sdk/provider',
  '@ai-sdk/provider-utils',
  // An optional peer that the toolkit imports lazily: a bundler must still resolve it.
  '@opentelemetry/api',
  '@langchain/core',
  'langchain',
  '@modelcontextprotocol/server',
  // An optional peer that /mcp loads only to serve over Node's HTTP: a bundler must still resolve it.
  '@hono/node-server',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/core',
  '@cfworker/json-schema',
  'zod',
];

/** Node's own modules, left to the runtime by the bundles (workerd's nodejs_compat provides them). */
const NODE_EXTERNALS = ['node:*', ...builtinModules.filter((name) => !name.startsWith('_'))].map(
  (name) => `--external:${name}`,
);

/** The bundles made from the scenario's entry scripts: `[entry, outfile, kind]`. */
const BUNDLES = [
  ['worker.mjs', 'worker.bundle.js', 'workerd'],
  ['edge.mjs', 'edge.bundle.js', 'edge'],
  // The cold-start bench's: the root entry alone, and `ai` alone, as a Worker and an edge script.
  ['import-root.worker.mjs', 'import-root.worker.js', 'workerd'],
  ['import-ai.worker.mjs', 'import-ai.worker.js', 'workerd'],
  ['connect.worker.mjs', 'connect.worker.js', 'workerd'],
  ['import-root.mjs', 'import-root.edge.js', 'edge'],
  ['import-ai.mjs', 'import-ai.edge.js', 'edge'],
] as const;

export interface RuntimeFolder {
  readonly folder: string;
  /** A tool's executable in the folder's `node_modules/.bin`. */
  bin(name: string): string;
  remove(): Promise<void>;
}

async function bundle(folder: string, entry: string, outfile: string, kind: 'workerd' | 'edge') {
  const esbuild = join(folder, 'node_modules', '.bin', 'esbuild');
  const common = [entry, '--bundle', ...NODE_EXTERNALS, `--outfile=${outfile}`, '--log-level=error'];
  const target =
    kind === 'workerd'
      ? // wrangler's conditions
        [
          '--format=esm',
          '--platform=neutral',
          '--main-fields=module,main',
          '--conditions=workerd,worker,browser,import',
        ]
      : // Vercel's conditions for Edge Functions
        ['--format=iife', '--platform=browser', '--conditions=edge-light,worker,browser'];
  await run(esbuild, [...common, ...target], { cwd: folder });
}

/**
 * Packs the package (its `dist/` must be built), installs it with the frameworks and runtimes into
 * a new temporary folder, copies the scenario in and bundles it for workerd and the edge runtime.
 */
export async function prepareRuntimeFolder(): Promise<RuntimeFolder> {
  if (!existsSync(join(ROOT, 'dist', 'index.js')))
    throw new Error('The runtimes run the packed build: run `npm run build` first (npm test does).');
  const folder = await mkdtemp(join(tmpdir(), 'gentk-runtimes-'));
  try {
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: ROOT });
    const tarball = (await readdir(folder)).find((name) => name.endsWith('.tgz')) as string;
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const frameworks = Object.fromEntries(FRAMEWORKS.map((name) => [name, manifest.devDependencies[name]]));
    await writeFile(
      join(folder, 'package.json'),
      JSON.stringify({
        name: 'gentk-runtime-scenario',
        private: true,
        type: 'module',
        dependencies: {
          'generation-agent-toolkit': `file:./${tarball}`,
          ...frameworks,
          ...RUNTIME_PACKAGES,
        },
      }),
    );
    // npm 11 skips the install scripts of bun, deno, node, workerd and esbuild; each still runs
    // from its platform package, which the first test of each runtime shows by running it.
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: folder,
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const file of await readdir(SCENARIO)) await copyFile(join(SCENARIO, file), join(folder, file));
    await Promise.all(BUNDLES.map(([entry, outfile, kind]) => bundle(folder, entry, outfile, kind)));
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    folder,
    bin: (name) => join(folder, 'node_modules', '.bin', name),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
