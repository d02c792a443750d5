/**
 * Temporary folders for tests, each removed by the test or file that made it:
 * `test/support/leftover-files-guard.ts` fails the run when anything is left behind.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { PACKAGE_TMP_VARIABLE } from './leftover-files-guard.js';

/** A new folder `<tmpdir>/<prefix>XXXXXX`, removed when the running test ends, passed or failed. */
export async function temporaryFolderForTest(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * The run's folder under the package's own `tmp/` (ignored by git), where files import the package
 * by its name; the guard made it.
 */
function packageTmp(): string {
  const folder = process.env[PACKAGE_TMP_VARIABLE];
  if (!folder)
    throw new Error(
      `${PACKAGE_TMP_VARIABLE} is unset: it is set by test/support/leftover-files-guard.ts, the globalSetup of vitest.config.ts`,
    );
  return folder;
}

/**
 * A folder for every test of the file, made before the first and removed after the last; under
 * the temporary directory, or with `insidePackage` under the package's `tmp/`.
 */
export function useTemporaryFolder(
  prefix: string,
  { insidePackage = false }: { insidePackage?: boolean } = {},
): { readonly path: string } {
  let path: string | undefined;
  beforeAll(async () => {
    path = await mkdtemp(join(insidePackage ? packageTmp() : tmpdir(), prefix));
  });
  afterAll(async () => {
    if (path) await rm(path, { recursive: true, force: true });
  });
  return {
    get path(): string {
      if (!path) throw new Error('the temporary folder exists only while the file runs (after beforeAll)');
      return path;
    },
  };
}
