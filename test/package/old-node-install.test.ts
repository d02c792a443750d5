/**
 * Installing the packages on a Node.js older than they ask for prints npm's EBADENGINE block for
 * each of our own packages and nothing about their dependencies: each of those accepts Node 20
 * (gentk's commander 14 and @inquirer/prompts 8.7 on that Node; `ai`, which wants 22, is an optional
 * peer that only `gentk demo` loads). The packed tarballs are installed into an empty project outside
 * the repository by the machine's own older Node and its npm (CI machines keep Node 20 as the system
 * node), from npm's cache.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, requireBuild } from '../examples/run-example.js';
import { findOldNode } from '../support/old-node.js';
import { userEnvironment } from '../support/packed-project.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import { installFromCache, packPackage } from './support/packed-packages.js';

const oldNode = findOldNode();
const folder = useTemporaryFolder('old-node-install-');
const reason =
  'No Node.js older than 22 on the PATH outside node_modules: the install on an old Node is not tried.';

/** The `package:` of each EBADENGINE block npm printed. */
function packagesWarnedAbout(output: string): string[] {
  return [...output.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((match) => match[1] as string);
}

/** npm's warnings and errors other than EBADENGINE blocks. */
function otherWarnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /^npm (warn|WARN|error|ERR)/.test(line) && !line.includes('EBADENGINE'));
}

/** `name@version` of the workspace package in `packageFolder`. */
async function packageId(packageFolder: string): Promise<string> {
  const { name, version } = JSON.parse(await readFile(join(ROOT, packageFolder, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${name}@${version}`;
}

/** Packs `packageFolders` and installs their tarballs into a new project with the old Node's npm; what npm printed. */
async function installOnOldNode(projectName: string, packageFolders: readonly string[]): Promise<string> {
  const tarballs: string[] = [];
  for (const packageFolder of packageFolders) tarballs.push(await packPackage(packageFolder, folder.path));
  const project = join(folder.path, projectName);
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  // npm is a Node script (`#!/usr/bin/env node`): the old Node's folder first on the PATH runs it there.
  const env = userEnvironment({ PATH: `${oldNode?.folder}${delimiter}${process.env.PATH ?? ''}` });
  const installed = await installFromCache(project, tarballs, env);
  return `${installed.stdout}${installed.stderr}`;
}

describe.skipIf(oldNode === undefined)(
  `npm install of the packed library on Node ${oldNode?.version}`,
  () => {
    let output = '';

    beforeAll(async () => {
      requireBuild();
      output = await installOnOldNode('library-project', ['.']);
    }, 300_000);

    it('warns EBADENGINE for the package alone, with the Node it needs and the one it found', async () => {
      expect(packagesWarnedAbout(output)).toEqual([await packageId('.')]);
      const block = output.split('\n').filter((line) => line.includes('EBADENGINE'));
      expect(block).toHaveLength(5);
      expect(block.join('\n')).toContain("required: { node: '>=22' }");
      expect(block.join('\n')).toContain(`current: { node: 'v${oldNode?.version}'`);
    });

    it('prints no other warning', () => {
      expect(otherWarnings(output)).toEqual([]);
    });
  },
);

describe.skipIf(oldNode === undefined)(
  `npm install of the packed gentk (with the library and the emulator) on Node ${oldNode?.version}`,
  () => {
    const folders = ['.', 'packages/emulator', 'packages/cli'];
    let output = '';

    beforeAll(async () => {
      requireBuild();
      output = await installOnOldNode('cli-project', folders);
    }, 300_000);

    it('warns EBADENGINE for our three packages alone, none of their dependencies', async () => {
      const ours = await Promise.all(folders.map(packageId));
      expect(packagesWarnedAbout(output).sort()).toEqual(ours.sort());
    });

    it('prints no other warning', () => {
      expect(otherWarnings(output)).toEqual([]);
    });
  },
);

if (oldNode === undefined) console.info(reason);
