/**
 * Vitest global setup: the run fails when its tests leave files behind, in the temporary directory
 * or in the package's own `tmp/`.
 *
 * The run gets a folder of its own in each place: `TMPDIR` points into the first (every test
 * process, and every child it starts, inherits it), and `GENTK_TEST_PACKAGE_TMP` names the second
 * (see `useTemporaryFolder`). So what is left there is this run's own, whatever else runs on the
 * machine or in the checkout; it is named in the failure, then removed.
 * @module
 */
import { mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Caches that tools keep across runs by design, not leftovers: tsx's compiled files, and Node's
 * compile cache (npm turns it on).
 */
const TOOL_CACHES = [/^tsx-\d+$/, /^node-compile-cache$/];

/** The environment variable that names the run's folder inside the package. */
export const PACKAGE_TMP_VARIABLE = 'GENTK_TEST_PACKAGE_TMP';

/**
 * Gives the run its own folders, under the temporary directory and under `packageTmp`; the function
 * it returns restores the environment, removes both folders and throws an Error naming what the
 * tests left in them.
 */
export function guardAgainstLeftoverFiles(packageTmp: string): () => void {
  const outer = { TMPDIR: process.env.TMPDIR, [PACKAGE_TMP_VARIABLE]: process.env[PACKAGE_TMP_VARIABLE] };
  const runTmpdir = mkdtempSync(join(tmpdir(), 'gentk-test-run-'));
  mkdirSync(packageTmp, { recursive: true });
  const runPackageTmp = mkdtempSync(join(packageTmp, 'test-run-'));
  process.env.TMPDIR = runTmpdir;
  process.env[PACKAGE_TMP_VARIABLE] = runPackageTmp;

  return function checkNothingWasLeft(): void {
    for (const [name, value] of Object.entries(outer)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    const leftInTmpdir = readdirSync(runTmpdir).filter(
      (name) => !TOOL_CACHES.some((cache) => cache.test(name)),
    );
    const leftInPackage = readdirSync(runPackageTmp);
    rmSync(runTmpdir, { recursive: true, force: true });
    rmSync(runPackageTmp, { recursive: true, force: true });
    try {
      rmdirSync(packageTmp);
    } catch {
      // Not empty: another run's folder, or a developer's own files.
    }
    const problems = [
      ...leftInTmpdir.map((name) => `${name} in the temporary directory`),
      ...leftInPackage.map((name) => `${name} in the package's tmp/`),
    ];
    if (problems.length > 0)
      throw new Error(
        `The tests left files behind (each test removes what it creates, in afterEach, afterAll or onTestFinished): ${problems.join(', ')}.`,
      );
  };
}

export default function setup(): () => void {
  return guardAgainstLeftoverFiles(fileURLToPath(new URL('../../tmp/', import.meta.url)));
}
