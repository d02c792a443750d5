/**
 * A user installs the packed tarballs of the library, the emulator and gentk into an empty
 * project, as npm would from the registry, and runs `npx gentk`: the manifests resolve (version
 * ranges between the packages, no link of the workspace), the bin is found, and gentk loads the
 * library and the emulator it was installed with. `ai`, an optional peer of gentk that only its demo
 * loads, is not installed.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, requireBuild } from '../examples/run-example.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import { installFromCache, packPackage, runAsUser as run } from './support/packed-packages.js';

const PACKAGE_FOLDERS = ['.', 'packages/emulator', 'packages/cli'];

const folder = useTemporaryFolder('installed-packages-');
let project: string;

beforeAll(async () => {
  requireBuild();
  const tarballs: string[] = [];
  for (const packageFolder of PACKAGE_FOLDERS) tarballs.push(await packPackage(packageFolder, folder.path));
  project = join(folder.path, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  await installFromCache(project, tarballs);
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

  it('npx gentk demo without the optional peer `ai` says how to install it, and exits 2', async () => {
    const output = await run('npx', ['--no-install', 'gentk', 'demo'], project);
    expect(output.code, output.stderr).toBe(2);
    expect(`${output.stdout}${output.stderr}`).toContain('npm install ai@7');
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
