/**
 * What `npm publish` would ship, as npm itself lists it: the build, the README, the CHANGELOG and the
 * licence, never the tests, their fixtures or the sources.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function publishedPaths(): Promise<string[]> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
  });
  const [packed] = JSON.parse(stdout) as [{ files: { path: string }[] }];
  return packed.files.map((file) => file.path);
}

describe('the published package', () => {
  it('ships the MIT licence that package.json names, beside the README and the CHANGELOG, and no test fixture', {
    timeout: 60_000,
  }, async () => {
    const paths = await publishedPaths();
    expect(paths).toEqual(expect.arrayContaining(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json']));
    expect(
      paths.filter((path) => !/^(dist\/|CHANGELOG\.md$|LICENSE$|README\.md$|package\.json$)/.test(path)),
    ).toEqual([]);
    // Source maps are not shipped (tsup.config.ts says why).
    expect(paths.filter((path) => path.endsWith('.map'))).toEqual([]);

    const { license } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { license: string };
    expect(license).toBe('MIT');
    const text = await readFile(join(ROOT, 'LICENSE'), 'utf8');
    expect(text.split('\n')[0]).toBe('MIT License');
    expect(text).toContain('Copyright (c) 2026 the generation-agent-toolkit authors');
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
