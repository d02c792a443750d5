/**
 * A user's project with the packed tarballs of the workspace's packages installed, as npm would
 * install them from the registry: what notebooks and kernels run against in the tests.
 * @module
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../examples/run-example.js';
import { collectOutput, type ProcessOutput } from './process-output.js';

/**
 * The environment of npm in the user's project: this one without the `npm_` variables that the
 * running `npm run` set (they would carry the workspace's settings into the user's project).
 */
export function userEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { NO_COLOR: '1' };
  for (const [name, value] of Object.entries(process.env))
    if (!name.toLowerCase().startsWith('npm_')) environment[name] = value;
  return { ...environment, ...extra };
}

export function runIn(
  cwd: string,
  command: string,
  args: readonly string[],
  { timeoutMs = 120_000, env = userEnvironment() }: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ProcessOutput> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return collectOutput(child, `${command} ${args.join(' ')}`, timeoutMs);
}

export interface PackedProjectOptions {
  /** Where the tarballs and the project go (a temporary folder of the test). */
  readonly folder: string;
  /** Workspace folders to pack: `.`, `packages/emulator`, `packages/cli`. */
  readonly packages: readonly string[];
  /** Registry packages installed beside them (`ai@^7`), from npm's cache when it has them. */
  readonly dependencies?: readonly string[];
}

/** Packs `packages`, installs them into a new project under `folder`, and returns the project's path. */
export async function installPackedProject(options: PackedProjectOptions): Promise<string> {
  const tarballs: string[] = [];
  for (const packageFolder of options.packages) {
    const packed = await runIn(join(ROOT, packageFolder), 'npm', [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      options.folder,
    ]);
    if (packed.code !== 0) throw new Error(`npm pack failed in ${packageFolder}:\n${packed.stderr}`);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    tarballs.push(join(options.folder, filename));
  }
  const project = join(options.folder, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  const install = ['install', '--no-audit', '--no-fund', ...tarballs, ...(options.dependencies ?? [])];
  let installed = await runIn(project, 'npm', [...install, '--offline', '--prefer-offline']);
  // Offline, npm resolves ranges from the metadata in its cache, which `npm ci` of a clean clone
  // never fetched (it installs from the lockfile): the first run then reads it once.
  if (installed.code !== 0 && installed.stderr.includes('ENOTCACHED'))
    installed = await runIn(project, 'npm', [...install, '--prefer-offline']);
  if (installed.code !== 0) throw new Error(`npm install failed:\n${installed.stderr}`);
  return project;
}
