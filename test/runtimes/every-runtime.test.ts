/**
 * One scenario, every runtime (issue 25): discover, log in with the minimum scopes, AI SDK tools,
 * an image call that polls, a money call refused without approval, close; under Node 22 and 24,
 * Deno 2, Bun, workerd (Miniflare) and Vercel's edge runtime, each installed from npm, against
 * the emulator on loopback, from the packed tarball in a folder outside the repository (so that
 * nothing resolves through the repository's node_modules). docs/runtimes.md says what each proves.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../src/discovery/index.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCENARIO = fileURLToPath(new URL('./scenario/', import.meta.url));
/** The repository's Node 22 (the `node` devDependency), which runs the scripts and the tests. */
const NODE_22 = join(ROOT, 'node_modules', 'node', 'bin', 'node');

/** The runtimes and tools, each from npm at the major the docs state as tested. */
const RUNTIME_PACKAGES = {
  node: '^24.0.0',
  deno: '^2.0.0',
  bun: '^1.2.0',
  miniflare: '^4.0.0',
  'edge-runtime': '^4.0.0',
  esbuild: '^0.28.0',
};

let folder: string;
let emulator: Emulator;
let account: { apiKey: string; email: string; password: string };

const bin = (name: string) => join(folder, 'node_modules', '.bin', name);
/** Node's own modules, left to the runtime by the bundles (workerd's nodejs_compat provides them). */
const NODE_EXTERNALS = ['node:*', ...builtinModules.filter((name) => !name.startsWith('_'))].map(
  (name) => `--external:${name}`,
);

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'index.js')))
    throw new Error('The scenario runs on the packed build: run `npm run build` first (npm test does).');
  folder = await mkdtemp(join(tmpdir(), 'gentk-runtimes-'));
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: ROOT });
  const tarball = (await readdir(folder)).find((name) => name.endsWith('.tgz'))!;
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  await writeFile(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'gentk-runtime-scenario',
      private: true,
      type: 'module',
      dependencies: {
        'generation-agent-toolkit': `file:./${tarball}`,
        ai: manifest.devDependencies.ai,
        '@ai-sdk/provider': manifest.devDependencies['@ai-sdk/provider'],
        '@ai-sdk/provider-utils': manifest.devDependencies['@ai-sdk/provider-utils'],
        // An optional peer that the toolkit imports lazily: a bundler must still resolve it.
        '@opentelemetry/api': manifest.devDependencies['@opentelemetry/api'],
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
  await run(
    bin('esbuild'),
    [
      'worker.mjs',
      '--bundle',
      '--format=esm',
      '--platform=neutral',
      '--main-fields=module,main',
      // wrangler's conditions
      '--conditions=workerd,worker,browser,import',
      ...NODE_EXTERNALS,
      '--outfile=worker.bundle.js',
      '--log-level=error',
    ],
    { cwd: folder },
  );
  await run(
    bin('esbuild'),
    [
      'edge.mjs',
      '--bundle',
      '--format=iife',
      '--platform=browser',
      // Vercel's conditions for Edge Functions
      '--conditions=edge-light,worker,browser',
      ...NODE_EXTERNALS,
      '--outfile=edge.bundle.js',
      '--log-level=error',
    ],
    { cwd: folder },
  );
  emulator = await startEmulator({ timeScale: 0.02 });
  account = emulator.createAccount({ credits: 25 });
  const service = await discover(emulator.url);
  await writeFile(join(folder, 'service.json'), JSON.stringify(service));
}, 300_000);

afterAll(async () => {
  await emulator?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

interface Report {
  readonly steps: string[];
  readonly runtime: string;
  readonly transport: string;
  readonly requestedScopes: string[];
  readonly tools: string[];
  readonly image: { ok: boolean; status: string; outputs: string[] };
  readonly moneyAwaitsApproval: string[];
  readonly moneyExecuted: boolean;
  readonly invalidArguments: { code: string; message: string };
  readonly error?: string;
}

async function scenarioUnder(command: string, args: readonly string[]): Promise<Report> {
  const { stdout, stderr } = await run(command, [...args], {
    cwd: folder,
    timeout: 90_000,
    maxBuffer: 16 * 1024 * 1024,
    env: {
      ...process.env,
      NO_COLOR: '1',
      GENTK_BASE_URL: emulator.url,
      GENTK_API_KEY: account.apiKey,
      GENTK_EMAIL: account.email,
      GENTK_PASSWORD: account.password,
    },
  });
  const line = stdout.split('\n').find((text) => text.startsWith('REPORT '));
  if (!line) throw new Error(`no report from ${command}:\n${stdout}\n${stderr}`);
  return JSON.parse(line.slice('REPORT '.length)) as Report;
}

const RUNTIMES: ReadonlyArray<{
  readonly name: string;
  readonly transport: 'undici' | 'fetch';
  readonly command: () => [string, string[]];
}> = [
  { name: 'Node 22', transport: 'undici', command: () => [NODE_22, ['run-script.mjs']] },
  { name: 'Node 24', transport: 'undici', command: () => [bin('node'), ['run-script.mjs']] },
  {
    name: 'Deno 2',
    transport: 'undici',
    // --allow-sys=hostname: the AI SDK's gateway reads the host name when it loads.
    command: () => [
      bin('deno'),
      ['run', '--allow-env', '--allow-net', '--allow-read', '--allow-sys=hostname', 'run-script.mjs'],
    ],
  },
  { name: 'Bun', transport: 'fetch', command: () => [bin('bun'), ['run-script.mjs']] },
  {
    name: 'workerd (Miniflare)',
    transport: 'fetch',
    command: () => [NODE_22, ['run-miniflare.mjs', 'worker.bundle.js']],
  },
  {
    name: 'edge-runtime',
    transport: 'fetch',
    command: () => [NODE_22, ['run-edge.mjs', 'edge.bundle.js', 'service.json']],
  },
];

describe('the scenario on every runtime, from the packed package', () => {
  it.each(RUNTIMES)(
    '$name: discovers, logs in with the minimum scopes, makes an image, refuses money without approval, closes',
    async ({ command, transport }) => {
      const [executable, args] = command();
      const report = await scenarioUnder(executable, args);
      expect(report.error).toBeUndefined();
      expect(report.steps.at(-1)).toBe('close');
      expect(report.steps).toHaveLength(5);
      expect(report.transport).toBe(transport);
      expect(report.requestedScopes).toEqual(['wallet:read', 'wallet:write']);
      expect(report.tools).toEqual([
        'get_wallet_balance',
        'post_wallet_fund',
        'resume_job',
        'v7_images_text_to_image',
      ]);
      expect(report.image).toEqual({ ok: true, status: 'success', outputs: ['image/png'] });
      expect(report.moneyAwaitsApproval).toEqual(['post_wallet_fund']);
      expect(report.moneyExecuted).toBe(false);
      expect(report.invalidArguments.code).toBe('invalid_arguments');
      expect(report.invalidArguments.message).toMatch(
        /promt is not a field of this tool; did you mean prompt\?/,
      );
    },
    120_000,
  );

  it('moved no money on any runtime: the emulator took no payment', () => {
    expect(emulator.inspect(account.email)?.payments).toEqual([]);
  });
});
