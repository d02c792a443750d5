/**
 * The built package counts tokens exactly where the optional peer gpt-tokenizer is installed and
 * falls back to the estimate where it is not, in ESM and CommonJS: the package is laid out in a
 * temporary project as npm would install it, its dependencies linked from this repository's.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { temporaryFolderForTest } from '../support/temporary-folders.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILT = existsSync(join(ROOT, 'dist', 'index.js'));

/** A project with the built package installed, and `gpt-tokenizer` beside it when `withPeer`. */
async function installedProject(withPeer: boolean): Promise<string> {
  const project = await temporaryFolderForTest('gentk-peer-');
  const modules = join(project, 'node_modules');
  const installed = join(modules, 'generation-agent-toolkit');
  await mkdir(installed, { recursive: true });
  await cp(join(ROOT, 'dist'), join(installed, 'dist'), { recursive: true });
  await cp(join(ROOT, 'package.json'), join(installed, 'package.json'));
  const { dependencies } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of [...Object.keys(dependencies), ...(withPeer ? ['gpt-tokenizer'] : [])]) {
    await mkdir(dirname(join(modules, name)), { recursive: true });
    await symlink(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
  }
  await writeFile(join(project, 'package.json'), '{"private":true}');
  return project;
}

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
