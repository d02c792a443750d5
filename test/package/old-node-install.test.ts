/**
 * Installing the package on a Node.js older than it asks for prints one warning, npm's EBADENGINE
 * block for the package itself, and nothing about its dependencies: each of them accepts Node 20.
 * The packed tarball is installed into an empty project outside the repository by the machine's
 * own older Node and its npm (CI machines keep Node 20 as the system node), from npm's cache.
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

describe.skipIf(oldNode === undefined)(
  `npm install of the packed package on Node ${oldNode?.version}`,
  () => {
    let output = '';
    let version = '';

    beforeAll(async () => {
      requireBuild();
      ({ version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string });
      const tarball = await packPackage('.', folder.path);
      const project = join(folder.path, 'project');
      await mkdir(project);
      await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
      // npm is a Node script (`#!/usr/bin/env node`): the old Node's folder first on the PATH runs it there.
      const env = userEnvironment({ PATH: `${oldNode?.folder}${delimiter}${process.env.PATH ?? ''}` });
      const installed = await installFromCache(project, [tarball], env);
      output = `${installed.stdout}${installed.stderr}`;
    }, 300_000);

    it('warns EBADENGINE for the package alone, with the Node it needs and the one it found', () => {
      expect(packagesWarnedAbout(output)).toEqual([`generation-agent-toolkit@${version}`]);
      const block = output.split('\n').filter((line) => line.includes('EBADENGINE'));
      expect(block).toHaveLength(5);
      expect(block.join('\n')).toContain("required: { node: '>=22' }");
      expect(block.join('\n')).toContain(`current: { node: 'v${oldNode?.version}'`);
    });

    it('prints no other warning', () => {
      const others = output
        .split('\n')
        .filter((line) => /^npm (warn|WARN|error|ERR)/.test(line) && !line.includes('EBADENGINE'));
      expect(others).toEqual([]);
    });
  },
);

if (oldNode === undefined) console.info(reason);
