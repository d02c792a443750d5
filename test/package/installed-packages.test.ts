/**
 * A user installs the packed tarballs of the library, the emulator and gentk into an empty
 * project, as npm would from the registry, and runs `npx gentk`: the manifests resolve (version
 * ranges between the packages, no link of the workspace), the bin is found, and gentk loads the
 * library and the emulator it was installed with.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, requireBuild } from '../examples/run-example.js';
import { collectOutput, type ProcessOutput } from '../support/process-output.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';

const PACKAGE_FOLDERS = ['.', 'packages/emulator', 'packages/cli'];

/**
 * The environment of npm in the user's project: this one without the `npm_` variables that the
 * running `npm run` set (they would carry the workspace's settings into the user's project).
 */
function userEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { NO_COLOR: '1' };
  for (const [name, value] of Object.entries(process.env))
    if (!name.toLowerCase().startsWith('npm_')) environment[name] = value;
  return environment;
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  timeoutMs = 120_000,
): Promise<ProcessOutput> {
  const child = spawn(command, args, { cwd, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  return collectOutput(child, `${command} ${args.join(' ')}`, timeoutMs);
}

const folder = useTemporaryFolder('installed-packages-');
let project: string;

beforeAll(async () => {
  requireBuild();
  const tarballs: string[] = [];
  for (const packageFolder of PACKAGE_FOLDERS) {
    const packed = await run(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', folder.path],
      join(ROOT, packageFolder),
    );
    expect(packed.code, packed.stderr).toBe(0);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    tarballs.push(join(folder.path, filename));
  }
  project = join(folder.path, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  const install = ['install', '--no-audit', '--no-fund', ...tarballs];
  let installed = await run('npm', [...install, '--offline', '--prefer-offline'], project);
  // Offline, npm resolves the ranges from the metadata in its cache, which `npm ci` of a clean
  // clone never fetched (it installs from the lockfile): the first run then reads it once.
  if (installed.code !== 0 && installed.stderr.includes('ENOTCACHED')) {
    console.info('npm had no metadata of some dependency in its cache: installing with --prefer-offline');
    installed = await run('npm', [...install, '--prefer-offline'], project);
  }
  expect(installed.code, installed.stderr).toBe(0);
}, 300_000);

describe('the packed packages, installed into an empty project', () => {
  it('npx gentk --version prints the version of the CLI package', async () => {
    const output = await run('npx', ['--no-install', 'gentk', '--version'], project);
    const { version } = JSON.parse(await readFile(join(ROOT, 'packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(output, output.stderr).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('npx gentk emulator --help explains the emulator command', async () => {
    const output = await run('npx', ['--no-install', 'gentk', 'emulator', '--help'], project);
    expect(output.code, output.stderr).toBe(0);
    expect(output.stdout).toContain('Usage: gentk emulator');
  });

  it('installs gentk with the library and the emulator as packages of their own, not bundled copies', async () => {
    const installed = async (name: string) =>
      JSON.parse(await readFile(join(project, 'node_modules', name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
    const libraryDependencies = Object.keys((await installed('generation-agent-toolkit')).dependencies ?? {});
    for (const name of ['hono', '@hono/node-server', 'commander', 'generation-agent-toolkit-emulator'])
      expect(libraryDependencies).not.toContain(name);
    expect((await installed('generation-agent-toolkit-cli')).dependencies).toMatchObject({
      'generation-agent-toolkit': expect.stringMatching(/^\^/),
      'generation-agent-toolkit-emulator': expect.stringMatching(/^\^/),
    });
  });
});
