import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardAgainstLeftoverFiles, PACKAGE_TMP_VARIABLE } from './leftover-files-guard.js';
import { temporaryFolderForTest } from './temporary-folders.js';

/** A package's `tmp/` that does not exist yet, in a folder the test removes. */
const freshPackageTmp = async () => join(await temporaryFolderForTest('gentk-guard-'), 'tmp');

describe('the guard against leftover files', () => {
  it('gives the run folders of its own, and passes when the run leaves nothing but tool caches', async () => {
    const packageTmp = await freshPackageTmp();
    const outer = { tmpdir: tmpdir(), packageTmp: process.env[PACKAGE_TMP_VARIABLE] };
    const check = guardAgainstLeftoverFiles(packageTmp);
    const run = { tmpdir: tmpdir(), packageTmp: process.env[PACKAGE_TMP_VARIABLE] as string };
    expect(run.tmpdir.startsWith(join(outer.tmpdir, 'gentk-test-run-'))).toBe(true);
    expect(run.packageTmp.startsWith(join(packageTmp, 'test-run-'))).toBe(true);
    mkdirSync(join(run.tmpdir, 'tsx-0'));
    mkdirSync(join(run.tmpdir, 'node-compile-cache'));

    expect(() => check()).not.toThrow();
    expect({ tmpdir: tmpdir(), packageTmp: process.env[PACKAGE_TMP_VARIABLE] }).toEqual(outer);
    expect(existsSync(run.tmpdir)).toBe(false);
    expect(existsSync(packageTmp)).toBe(false);
  });

  it('fails naming what was left in the temporary directory and in the package tmp/, and removes it', async () => {
    const packageTmp = await freshPackageTmp();
    const check = guardAgainstLeftoverFiles(packageTmp);
    const leftover = mkdtempSync(join(tmpdir(), 'gentk-store-'));
    mkdirSync(join(process.env[PACKAGE_TMP_VARIABLE] as string, 'readme-blocks-x'));

    expect(() => check()).toThrow(
      `${basename(leftover)} in the temporary directory, readme-blocks-x in the package's tmp/`,
    );
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(packageTmp)).toBe(false);
  });

  it("leaves alone what is not the run's own in the package tmp/: a developer's files, another run's folder", async () => {
    const packageTmp = await freshPackageTmp();
    mkdirSync(packageTmp);
    writeFileSync(join(packageTmp, 'notes.txt'), 'a developer file');
    const check = guardAgainstLeftoverFiles(packageTmp);
    mkdirSync(join(packageTmp, 'test-run-another'));

    expect(() => check()).not.toThrow();
    expect(existsSync(join(packageTmp, 'notes.txt'))).toBe(true);
    expect(existsSync(join(packageTmp, 'test-run-another'))).toBe(true);
  });
});
