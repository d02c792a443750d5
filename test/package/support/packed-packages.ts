/**
 * The packages as users get them: packed with `npm pack` and installed into a project of their
 * own, in a temporary folder outside the repository, by npm with the user's environment.
 * @module
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from '../../examples/run-example.js';
import { userEnvironment } from '../../support/packed-project.js';
import { collectOutput, type ProcessOutput } from '../../support/process-output.js';

/** Runs `command` in `cwd` as the user would, collecting what it prints. */
export function runAsUser(
  command: string,
  args: readonly string[],
  cwd: string,
  timeoutMs = 120_000,
  env: NodeJS.ProcessEnv = userEnvironment(),
): Promise<ProcessOutput> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return collectOutput(child, `${command} ${args.join(' ')}`, timeoutMs);
}

/** Packs the package of `packageFolder` (relative to the repository) into `destination`; its tarball's path. */
export async function packPackage(packageFolder: string, destination: string): Promise<string> {
  const packed = await runAsUser(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    join(ROOT, packageFolder),
  );
  expect(packed.code, packed.stderr).toBe(0);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  return join(destination, filename);
}

/**
 * `npm install` of `specifiers` in `project`, from npm's cache when it can: offline first, then,
 * when the cache lacks some metadata (a clean clone's `npm ci` installs from the lockfile and
 * never fetched it), once with `--prefer-offline`. `env` is npm's environment (a PATH that puts
 * another Node first runs npm on it).
 */
export async function installFromCache(
  project: string,
  specifiers: readonly string[],
  env: NodeJS.ProcessEnv = userEnvironment(),
): Promise<ProcessOutput> {
  const install = ['install', '--no-audit', '--no-fund', ...specifiers];
  let installed = await runAsUser(
    'npm',
    [...install, '--offline', '--prefer-offline'],
    project,
    240_000,
    env,
  );
  if (installed.code !== 0 && installed.stderr.includes('ENOTCACHED')) {
    console.info('npm had no metadata of some dependency in its cache: installing with --prefer-offline');
    installed = await runAsUser('npm', [...install, '--prefer-offline'], project, 240_000, env);
  }
  expect(installed.code, installed.stderr).toBe(0);
  return installed;
}
