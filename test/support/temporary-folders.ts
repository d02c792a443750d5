/**
 * Temporary folders for tests, each removed by the test or file that made it:
 * `test/support/leftover-files-guard.ts` fails the run when anything is left behind.
 * @module
 */
import { mkdir, mkdtemp, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, onTestFinished } from 'vitest';

/** The package's own scratch folder (ignored by git): files there import the package by its name. */
const PACKAGE_TMP = fileURLToPath(new URL('../../tmp/', import.meta.url));

/** A new folder `<tmpdir>/<prefix>XXXXXX`, removed when the running test ends, passed or failed. */
export async function temporaryFolderForTest(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * A folder for every test of the file, made before the first and removed after the last; under
 * the temporary directory, or under the package's `tmp/` with `insidePackage` (removed too when
 * nothing else is left in it).
 */
export function useTemporaryFolder(
  prefix: string,
  { insidePackage = false }: { insidePackage?: boolean } = {},
): { readonly path: string } {
  let path: string | undefined;
  beforeAll(async () => {
    const parent = insidePackage ? PACKAGE_TMP : tmpdir();
    await mkdir(parent, { recursive: true });
    path = await mkdtemp(join(parent, prefix));
  });
  afterAll(async () => {
    if (path) await rm(path, { recursive: true, force: true });
    // Another file may be using tmp/ still: the last one out removes it.
    if (insidePackage) await rmdir(PACKAGE_TMP).catch(() => undefined);
  });
  return {
    get path(): string {
      if (!path) throw new Error('the temporary folder exists only while the file runs (after beforeAll)');
      return path;
    },
  };
}
