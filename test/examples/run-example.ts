/**
 * Runs the examples as a user would: each one a real process started from the repository root,
 * importing the packages by their names, which resolve through their `exports` to their builds
 * (`dist/`, `packages/emulator/dist/`): tsx reads examples/tsconfig.json, which drops the root
 * tsconfig's `paths` to the sources.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { collectOutput, type ProcessOutput } from '../support/process-output.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built entries the examples (and gentk) import, from the repository's root. */
const ENTRIES = [
  ...[
    'index.js',
    'http.js',
    'spend.js',
    'stores.js',
    'notebook.js',
    'ai-sdk.js',
    'langchain.js',
    'mcp.js',
    'provider.js',
  ].map((entry) => join('dist', entry)),
  join('packages', 'emulator', 'dist', 'index.js'),
  join('packages', 'cli', 'dist', 'main.js'),
];

/** Throws a clear instruction when the packages have not been built. */
export function requireBuild(): void {
  const missing = ENTRIES.filter((entry) => !existsSync(join(ROOT, entry)));
  if (missing.length > 0)
    throw new Error(
      `The examples import the packages by name, which resolves to their builds, and ${missing.join(', ')} is missing: run \`npm run build\` first.`,
    );
}

/** The tsconfig tsx reads for the examples: the root's, without the `paths` to the sources. */
const EXAMPLES_TSCONFIG = join(ROOT, 'examples', 'tsconfig.json');

/**
 * The environment of an example: the test's own, without any GENTK_ setting (a developer's
 * GENTK_BASE_URL must not send the examples to a real service), with temporary files in `tmp`.
 */
export function exampleEnvironment(tmp: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !name.startsWith('GENTK_')) environment[name] = value;
  return { ...environment, NO_COLOR: '1', TMPDIR: tmp, TSX_TSCONFIG_PATH: EXAMPLES_TSCONFIG };
}

/** The command line that runs an example: Node with tsx, as `npx tsx examples/<file>` does. */
export function exampleCommand(file: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', join('examples', file)] };
}

/** Runs `examples/<file>` to its end and collects what it printed. */
export function runExample(file: string, tmp: string, timeoutMs = 80_000): Promise<ProcessOutput> {
  return runScript(join('examples', file), tmp, {}, timeoutMs);
}

/**
 * Runs a TypeScript file of the repository (a path from its root) as a user would, with
 * `settings` added to the example environment, and collects what it printed.
 */
export function runScript(
  path: string,
  tmp: string,
  settings: Readonly<Record<string, string>> = {},
  timeoutMs = 80_000,
): Promise<ProcessOutput> {
  const child = spawn(process.execPath, ['--import', 'tsx', path], {
    cwd: ROOT,
    env: { ...exampleEnvironment(tmp), ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collectOutput(child, path, timeoutMs);
}

/**
 * Checks that `text` shows every milestone, in this order; returns the match of each, for the
 * values they capture.
 */
export function expectMilestones(text: string, milestones: readonly RegExp[]): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  let from = 0;
  for (const milestone of milestones) {
    const match = new RegExp(milestone.source, milestone.flags.replace('g', '')).exec(text.slice(from));
    expect(match, `missing, or out of order: ${milestone}\n--- output ---\n${text}`).not.toBeNull();
    if (!match) break;
    matches.push(match);
    from += match.index + match[0].length;
  }
  return matches;
}
