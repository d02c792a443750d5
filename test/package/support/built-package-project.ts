/**
 * The built package laid out in a temporary project as npm would install it: `dist/` and
 * `package.json` copied, its dependencies (and any optional peers asked for) linked from this
 * repository's node_modules. Faster than packing and installing, for tests of what the build does
 * with or without an optional peer.
 * @module
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporaryFolderForTest } from '../../support/temporary-folders.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Whether `dist/<file>` has been built (`npm test` builds first). */
export function isBuilt(file: string): boolean {
  return existsSync(join(ROOT, 'dist', file));
}

/**
 * A new project (removed when the test ends) with the built package in its node_modules, and
 * `peers` (package names or scopes, `@opentelemetry`) linked beside it.
 */
export async function builtPackageProject(prefix: string, peers: readonly string[] = []): Promise<string> {
  const project = await temporaryFolderForTest(prefix);
  const modules = join(project, 'node_modules');
  const installed = join(modules, 'generation-agent-toolkit');
  await mkdir(installed, { recursive: true });
  await cp(join(ROOT, 'dist'), join(installed, 'dist'), { recursive: true });
  await cp(join(ROOT, 'package.json'), join(installed, 'package.json'));
  const { dependencies } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of [...Object.keys(dependencies), ...peers]) {
    await mkdir(dirname(join(modules, name)), { recursive: true });
    await symlink(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
  }
  await writeFile(join(project, 'package.json'), '{"private":true}');
  return project;
}
