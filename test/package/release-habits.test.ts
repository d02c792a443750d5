/**
 * The release habits the repository keeps (CONTRIBUTING.md): every change a user notices comes
 * with a changeset, `npm test` lints the package as published after building it, and CI runs the
 * README's test command on each supported Node version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  name: string;
  scripts: Record<string, string>;
  engines: { node: string };
};

describe('the release habits', () => {
  it('lints the built package with publint in npm test, after the build', () => {
    const steps = manifest.scripts.test?.split('&&').map((step) => step.trim()) ?? [];
    expect(steps.indexOf('npm run lint:package')).toBeGreaterThan(steps.indexOf('npm run build'));
    expect(steps.indexOf('npm run build')).toBeGreaterThanOrEqual(0);
    expect(manifest.scripts['lint:package']).toBe('publint --strict');
  });

  it('keeps changesets: a configuration, and pending ones that each name a package and a bump', () => {
    const config = JSON.parse(read('.changeset/config.json')) as { baseBranch: string; changelog: string };
    expect(config.baseBranch).toBe('main');
    expect(config.changelog).toBe('@changesets/cli/changelog');
    const pending = readdirSync(join(ROOT, '.changeset')).filter(
      (name) => name.endsWith('.md') && name !== 'README.md',
    );
    for (const name of pending) {
      const [, front, summary] = read(`.changeset/${name}`).split(/^---$/m);
      expect(front?.trim(), name).toMatch(/^'[^']+': (major|minor|patch)$/m);
      expect(summary?.trim().length, name).toBeGreaterThan(0);
    }
    expect(read('CHANGELOG.md').split('\n')[0]).toBe(`# ${manifest.name}`);
  });

  it('runs npm test in CI on Node 22 and 24, with the scripts on the Node under test', () => {
    const workflow = read('.github/workflows/ci.yml');
    expect(workflow).toMatch(/node: \[22, 24\]/);
    expect(workflow).toMatch(/^\s+- run: npm test$/m);
    expect(workflow).toContain('redis-server');
    // The node@22 devDependency would otherwise run every script on 22.
    expect(workflow).toContain('rm -f node_modules/.bin/node');
    expect(manifest.engines.node).toBe('>=22');
  });
});
