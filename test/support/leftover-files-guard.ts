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

/**
 * Caches that tools keep across runs by design, not leftovers: tsx's compiled files, and Node's
 * compile cache (npm turns it on).
 */
const TOOL_CACHES = [/^tsx-\d+$/, /^node-compile-cache$/];

const entriesOf = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).sort() : []);

/**
 * Points `TMPDIR` at a new folder of this run and notes what `packageTmp` holds; the function it
 * returns restores `TMPDIR`, removes what was left in either place and throws an Error naming it.
 */
export function guardAgainstLeftoverFiles(packageTmp: string): () => void {
  const outerTmpdir = process.env.TMPDIR;
  const runTmpdir = mkdtempSync(join(tmpdir(), 'gentk-test-run-'));
  process.env.TMPDIR = runTmpdir;
  const packageTmpExisted = existsSync(packageTmp);
  const packageTmpBefore = new Set(entriesOf(packageTmp));

  return function checkNothingWasLeft(): void {
    if (outerTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmpdir;
    const leftInTmpdir = entriesOf(runTmpdir).filter(
      (name) => !TOOL_CACHES.some((cache) => cache.test(name)),
    );
    rmSync(runTmpdir, { recursive: true, force: true });
    const leftInPackage = entriesOf(packageTmp).filter((name) => !packageTmpBefore.has(name));
    const emptyPackageTmpLeft = !packageTmpExisted && existsSync(packageTmp) && leftInPackage.length === 0;
    for (const name of leftInPackage) rmSync(join(packageTmp, name), { recursive: true, force: true });
    if (!packageTmpExisted) rmSync(packageTmp, { recursive: true, force: true });
    const problems = [
      ...leftInTmpdir.map((name) => `${name} in the temporary directory`),
      ...leftInPackage.map((name) => `tmp/${name} in the package`),
      ...(emptyPackageTmpLeft ? ['an empty tmp/ in the package'] : []),
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
