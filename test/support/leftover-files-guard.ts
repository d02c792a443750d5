/**
 * Vitest global setup: the run fails when its tests leave files behind, in the temporary directory
 * or in the package's own `tmp/`.
 *
 * Every test process and every child it starts inherits `TMPDIR` pointing into a folder of this run
 * alone, so what a test leaves there is its own, whatever else runs on the machine; whatever is left
 * is named in the failure, then removed.
 * @module
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_TMP = fileURLToPath(new URL('../../tmp/', import.meta.url));

/** Caches that development tools keep across runs by design (tsx's compiled files), not leftovers. */
const TOOL_CACHES = [/^tsx-\d+$/];

const entriesOf = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).sort() : []);

export default function guardAgainstLeftoverFiles(): () => void {
  const outerTmpdir = process.env.TMPDIR;
  const runTmpdir = mkdtempSync(join(tmpdir(), 'gentk-test-run-'));
  process.env.TMPDIR = runTmpdir;
  const packageTmpBefore = new Set(entriesOf(PACKAGE_TMP));
  const packageTmpExisted = existsSync(PACKAGE_TMP);

  return function checkNothingWasLeft(): void {
    if (outerTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmpdir;
    const leftInTmpdir = entriesOf(runTmpdir).filter(
      (name) => !TOOL_CACHES.some((cache) => cache.test(name)),
    );
    rmSync(runTmpdir, { recursive: true, force: true });
    const leftInPackage = entriesOf(PACKAGE_TMP).filter((name) => !packageTmpBefore.has(name));
    const packageTmpLeft = !packageTmpExisted && existsSync(PACKAGE_TMP);
    for (const name of leftInPackage) rmSync(join(PACKAGE_TMP, name), { recursive: true, force: true });
    if (packageTmpLeft) rmSync(PACKAGE_TMP, { recursive: true, force: true });
    const problems = [
      ...leftInTmpdir.map((name) => `${name} in the temporary directory`),
      ...leftInPackage.map((name) => `tmp/${name} in the package`),
      ...(packageTmpLeft && leftInPackage.length === 0 ? ['an empty tmp/ in the package'] : []),
    ];
    if (problems.length > 0)
      throw new Error(
        `The tests left files behind (each test removes what it creates, in afterEach, afterAll or onTestFinished): ${problems.join(', ')}.`,
      );
  };
}
