/**
 * The built package counts tokens exactly where the optional peer gpt-tokenizer is installed and
 * falls back to the estimate where it is not, in ESM and CommonJS: the package is laid out in a
 * temporary project as npm would install it, its dependencies linked from this repository's.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtPackageProject, isBuilt } from './support/built-package-project.js';

const BUILT = isBuilt('index.js');

/** A project with the built package installed, and gpt-tokenizer beside it when `withPeer`. */
const installedProject = (withPeer: boolean) =>
  builtPackageProject('gentk-peer-', withPeer ? ['gpt-tokenizer'] : []);

async function methodIn(project: string, inputType: 'module' | 'commonjs'): Promise<string> {
  const script =
    inputType === 'module'
      ? "const { loadTokenCounter } = await import('generation-agent-toolkit'); console.log((await loadTokenCounter()).method);"
      : "require('generation-agent-toolkit').loadTokenCounter().then((counter) => console.log(counter.method));";
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--input-type=${inputType}`, '-e', script],
    {
      cwd: project,
    },
  );
  return stdout.trim();
}

describe.skipIf(!BUILT)('the built package’s token counter (npm test builds it first)', () => {
  it('estimates where gpt-tokenizer is not installed, in ESM and CommonJS', { timeout: 30_000 }, async () => {
    const project = await installedProject(false);
    expect(await methodIn(project, 'module')).toBe('estimate');
    expect(await methodIn(project, 'commonjs')).toBe('estimate');
  });

  it('counts exactly where gpt-tokenizer is installed', { timeout: 30_000 }, async () => {
    const project = await installedProject(true);
    expect(await methodIn(project, 'module')).toBe('o200k_base');
    expect(await methodIn(project, 'commonjs')).toBe('o200k_base');
  });
});
