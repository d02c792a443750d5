/**
 * On a Node.js older than 22 the built package refuses to load, and gentk to start, with one clear
 * sentence, before any dependency can fail in its own words. Checked on the built `dist/`, under a
 * current Node made to look like Node 20 (everywhere), and under a real older Node when the machine
 * has one on its PATH (CI machines keep Node 20 as the system node).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { ROOT, requireBuild } from '../examples/run-example.js';
import { findOldNode } from '../support/old-node.js';
import { collectOutput, type ProcessOutput } from '../support/process-output.js';

const PRETEND_NODE_20 = fileURLToPath(new URL('./fixtures/pretend-node-20.mjs', import.meta.url));
const PACKAGE = 'generation-agent-toolkit';
/** gentk as built in its package (packages/cli), which checks the version before loading the library. */
const GENTK = join('packages', 'cli', 'dist', 'main.js');
const ENTRIES = ['', '/ai-sdk', '/langchain', '/mcp', '/provider'].map((subpath) => `${PACKAGE}${subpath}`);
const CASES = ENTRIES.flatMap((entry) => [[entry, 'esm'] as const, [entry, 'cjs'] as const]);
const refusal = (version: string) =>
  `generation-agent-toolkit needs Node.js 22 or later; this is v${version}`;

/** The environment of the child: this one without NODE_OPTIONS, which could preload other things. */
function childEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && name !== 'NODE_OPTIONS') environment[name] = value;
  return { ...environment, NO_COLOR: '1' };
}

function run(node: string, args: readonly string[]): Promise<ProcessOutput> {
  const child = spawn(node, args, { cwd: ROOT, env: childEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  return collectOutput(child, `${node} ${args.join(' ')}`, 30_000);
}

/** Loads `entry` the ESM way or the CommonJS way, printing `loaded` or the error's message. */
function loaderScript(entry: string, format: 'esm' | 'cjs'): string {
  return format === 'esm'
    ? `import(${JSON.stringify(entry)}).then(() => console.log('loaded'), (error) => console.log(error.message))`
    : `try { require(${JSON.stringify(entry)}); console.log('loaded'); } catch (error) { console.log(error.message); }`;
}

beforeAll(() => requireBuild());

describe('under a current Node made to look like Node 20', () => {
  const asNode20 = (args: readonly string[]) => run(process.execPath, ['--import', PRETEND_NODE_20, ...args]);

  it.for(CASES)('%s refuses to load (%s) and names the version', async ([entry, format]) => {
    const output = await asNode20(['-e', loaderScript(entry, format)]);
    expect(output.stdout.trim()).toBe(refusal('20.11.1'));
  });

  it('gentk --help exits 1 with that one line on stderr and no stack', async () => {
    const output = await asNode20([GENTK, '--help']);
    expect(output).toEqual({ code: 1, stdout: '', stderr: `${refusal('20.11.1')}\n` });
  });

  it('loads undici as a real Node 20 does (undici 7 accepts Node 20), so the refusal is the check’s own', async () => {
    const output = await asNode20(['-e', loaderScript('undici', 'cjs')]);
    expect(output.stdout.trim()).toBe('loaded');
  });

  it('loads every entry on the Node it really is (the refusal comes from the version alone)', async () => {
    const script = ENTRIES.map((entry) => `require(${JSON.stringify(entry)});`).join(' ');
    const output = await run(process.execPath, ['-e', `${script} console.log('loaded')`]);
    expect(output.stderr).toBe('');
    expect(output.stdout.trim()).toBe('loaded');
  });
});

describe('under a real Node older than 22, when the machine has one', () => {
  const oldNode = findOldNode();
  const reason =
    'No Node.js older than 22 on the PATH outside node_modules: the real-Node checks are skipped; the pretended Node 20 covers the check.';
  const skipWithout = (context: TestContext) => context.skip(oldNode === undefined, reason);
  beforeAll(() => {
    if (oldNode === undefined) console.info(reason);
  });

  it.for(CASES)('%s refuses to load (%s)', async ([entry, format], context) => {
    skipWithout(context);
    const output = await run(oldNode!.path, ['-e', loaderScript(entry, format)]);
    expect(output.stdout.trim()).toBe(refusal(oldNode!.version));
  });

  it('gentk --help exits 1 with that one line on stderr', async (context) => {
    skipWithout(context);
    const output = await run(oldNode!.path, [GENTK, '--help']);
    expect(output).toEqual({ code: 1, stdout: '', stderr: `${refusal(oldNode!.version)}\n` });
  });
});
