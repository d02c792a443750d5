/**
 * What `npm publish` would ship of each package of the workspace, as npm itself lists it: the
 * build, the README and the licence, never the tests, their fixtures or the sources; and manifests
 * that a user's npm can install (version ranges, no `file:` link of the workspace).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Each published package: its folder from the root and its name. */
const PACKAGES = [
  { folder: '.', name: 'generation-agent-toolkit' },
  { folder: 'packages/emulator', name: 'generation-agent-toolkit-emulator' },
  { folder: 'packages/cli', name: 'generation-agent-toolkit-cli' },
] as const;

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly engines?: Record<string, string>;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

async function publishedPaths(folder: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: join(ROOT, folder),
  });
  const [packed] = JSON.parse(stdout) as [{ files: { path: string }[] }];
  return packed.files.map((file) => file.path);
}

const manifestOf = async (folder: string): Promise<Manifest> =>
  JSON.parse(await readFile(join(ROOT, folder, 'package.json'), 'utf8')) as Manifest;

describe.each(PACKAGES)('the published package $name', ({ folder, name }) => {
  it('ships the MIT licence that package.json names, beside the README, and no test fixture', {
    timeout: 60_000,
  }, async () => {
    const paths = await publishedPaths(folder);
    expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    expect(
      paths.filter((path) => !/^(dist\/|CHANGELOG\.md$|LICENSE$|README\.md$|package\.json$)/.test(path)),
    ).toEqual([]);
    if (folder === '.') expect(paths).toContain('CHANGELOG.md');
    // Source maps are not shipped (tsup.config.ts says why).
    expect(paths.filter((path) => path.endsWith('.map'))).toEqual([]);

    const manifest = await manifestOf(folder);
    expect(manifest.name).toBe(name);
    expect(manifest.license).toBe('MIT');
    expect(manifest.engines).toEqual({ node: '>=22' });
    const text = await readFile(join(ROOT, folder, 'LICENSE'), 'utf8');
    expect(text.split('\n')[0]).toBe('MIT License');
    expect(text).toContain('Copyright (c) 2026 the generation-agent-toolkit authors');
  });

  it('depends on the other packages of the workspace by a version range that their versions satisfy', async () => {
    const manifest = await manifestOf(folder);
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      expect(range, `${name} depends on ${dependency} by ${range}`).toMatch(/^\^\d+\.\d+\.\d+$/);
      const workspace = PACKAGES.find((candidate) => candidate.name === dependency);
      if (workspace) expect(range).toBe(`^${(await manifestOf(workspace.folder)).version}`);
    }
  });
});

describe('the library', () => {
  it('depends on neither the emulator nor gentk, and is a workspace of its own repository', async () => {
    const manifest = await manifestOf('.');
    const all = { ...manifest.dependencies, ...manifest.devDependencies };
    expect(Object.keys(all)).not.toContain('generation-agent-toolkit-emulator');
    expect(Object.keys(all)).not.toContain('generation-agent-toolkit-cli');
    expect(Object.keys(all)).not.toContain('generation-agent-toolkit');
    // The root is a workspace itself ("."): npm links it into node_modules, so the packages'
    // ordinary `^x.y.z` ranges resolve to the working tree, and changesets versions it with them.
    expect((manifest as { workspaces?: string[] }).workspaces).toEqual(['.', 'packages/*']);
  });
  // `npm test` builds first; a bare `npm run test:unit` on a fresh clone has nothing to read.
  it.skipIf(!existsSync(join(ROOT, 'dist', 'index.js')))(
    'refers to no source map from the built code, which a bundler would look for in vain',
    async () => {
      for (const file of ['index.js', 'index.cjs', 'ai-sdk.js', 'mcp.cjs'])
        expect(await readFile(join(ROOT, 'dist', file), 'utf8'), file).not.toContain('sourceMappingURL');
    },
  );
});
