/**
 * The install-weight section's bookkeeping (which dependencies are the library's, what an install
 * weighs), on small folders made here: the section itself packs and installs for minutes, so it
 * runs with `npm run bench -- --only install`, not in the unit tests.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyWeights, installedWeight } from '../../bench/install/installed-weight.js';
import {
  importedPackages,
  packageNameOf,
  splitDependencies,
} from '../../bench/install/library-dependencies.js';
import { temporaryFolderForTest } from '../support/temporary-folders.js';

async function files(root: string, contents: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(contents)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

describe('which dependencies are the library’s', () => {
  it('names the package of a specifier, scoped or not', () => {
    expect(packageNameOf('ajv/dist/2020.js')).toBe('ajv');
    expect(packageNameOf('@modelcontextprotocol/sdk/server/index.js')).toBe('@modelcontextprotocol/sdk');
    expect(packageNameOf('undici')).toBe('undici');
  });

  it('reads the imports of the sources, leaving out the emulator and the CLI', async () => {
    const src = await temporaryFolderForTest('gentk-deps-');
    await files(src, {
      'http/transport.ts': "import { request } from 'undici';\nimport type { X } from 'node:fs';\n",
      'discovery/read.ts':
        "export { marked } from 'marked';\nconst lazy = () => import('ajv/dist/2020.js');\n",
      'tools/relative.ts': "import { x } from './x.js';\n",
      'emulator/server.ts': "import { Hono } from 'hono';\nimport { request } from 'undici';\n",
      'cli/main.ts': "import { Command } from 'commander';\n",
    });
    expect([...importedPackages(src, ['emulator', 'cli'])].sort()).toEqual([
      'ajv',
      'marked',
      'node:fs',
      'undici',
    ]);
    expect(splitDependencies(src, ['ajv', 'commander', 'hono', 'marked', 'undici'])).toEqual({
      library: ['ajv', 'marked', 'undici'],
      besideTheLibrary: ['commander', 'hono'],
    });
  });
});

describe('what an install weighs', () => {
  it('counts the packages npm installed and the bytes of their files, and what each dependency pulls in', async () => {
    const project = await temporaryFolderForTest('gentk-weight-');
    const lockfile = {
      packages: {
        'node_modules/library': { dependencies: { a: '1', '@s/b': '1' } },
        'node_modules/a': { dependencies: { c: '1' } },
        'node_modules/a/node_modules/c': {},
        'node_modules/c': {},
        'node_modules/@s/b': {
          peerDependencies: { d: '1', e: '1' },
          peerDependenciesMeta: { e: { optional: true } },
        },
        'node_modules/d': {},
        'node_modules/linked': { link: true },
      },
    };
    await files(project, {
      'node_modules/.package-lock.json': JSON.stringify(lockfile),
      'node_modules/library/index.js': 'x'.repeat(100),
      'node_modules/a/index.js': 'x'.repeat(10),
      'node_modules/a/node_modules/c/index.js': 'x'.repeat(1_000),
      'node_modules/c/index.js': 'x'.repeat(5),
      'node_modules/@s/b/index.js': 'x'.repeat(20),
      'node_modules/d/index.js': 'x'.repeat(3),
    });
    const weight = installedWeight(project);
    expect(weight.packages).toBe(6);
    expect(weight.bytes).toBe(100 + 10 + 1_000 + 5 + 20 + 3 + JSON.stringify(lockfile).length);
    expect(weight.bytesByPackage.get('a')).toBe(1_010);
    expect(weight.bytesByPackage.get('@s/b')).toBe(20);
    // `a` resolves its own nested `c`; `@s/b` pulls in its required peer `d`, not the optional `e`.
    expect(dependencyWeights(project, 'library')).toEqual([
      { name: 'a', packages: 2, bytes: 1_010 },
      { name: '@s/b', packages: 2, bytes: 23 },
    ]);
  });
});
